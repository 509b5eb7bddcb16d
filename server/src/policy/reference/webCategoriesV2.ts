/**
 * The v2 web category tree (GET /api/policy/v1/cats_v2): the vendor's newer, finer set, numbered
 * by group (101–199 security, 201– adult, …) so no v2 id is also a v1 id and a document's
 * version shows in its ids. Each v2 category names the v1 categories it takes its sites from:
 * v2 splits some v1 categories (Streaming Media into video and audio, Social Networking into
 * social and professional) and merges others (Music into audio streaming); categories new in v2
 * (Cryptomining, Newly Registered Domains, …) take from none. The v1→v2 mapping that the category
 * migration follows is derived from it.
 */
import type {
  Category,
  CategoryGroup,
  CategoryMapping,
} from '@workbench/common/api/contract/policyReference';
import { CATEGORY_GROUPS_V1, CATEGORIES_V1 } from './webCategories';

export const CATEGORY_GROUPS_V2: CategoryGroup[] = [
  ...CATEGORY_GROUPS_V1.filter((g) => g.key !== 'uncategorized'),
  { key: 'emerging', name: 'Emerging Technology' },
  { key: 'uncategorized', name: 'Uncategorized and Other' },
];

interface V2Row {
  category: Category;
  /** The v1 categories whose sites it holds. */
  from: number[];
}
const v2 = (id: number, name: string, group: string, from: number[]): V2Row => ({
  category: { id, name, group },
  from,
});

const ROWS: V2Row[] = [
  v2(101, 'Malware', 'security', [56]),
  v2(102, 'Phishing', 'security', [57]),
  v2(103, 'Command and Control', 'security', [67]),
  v2(104, 'Spyware and Adware', 'security', [59]),
  v2(105, 'Keyloggers and Monitoring', 'security', [49]),
  v2(106, 'Hacking', 'security', [33]),
  v2(107, 'Proxy Avoidance', 'security', [58]),
  v2(108, 'Anonymizers and VPN Services', 'security', [58]),
  v2(109, 'SPAM URLs', 'security', [71]),
  v2(110, 'Newly Observed Domains', 'security', [88]),
  v2(111, 'Newly Registered Domains', 'security', []),
  v2(112, 'Cryptomining', 'security', []),
  v2(113, 'Dynamic DNS', 'security', []),
  v2(201, 'Pornography', 'adult', [11]),
  v2(202, 'Nudity', 'adult', [62]),
  v2(203, 'Dating', 'adult', [18]),
  v2(204, 'Sex Education', 'adult', [19]),
  v2(205, 'Lingerie and Swimwear', 'adult', [43]),
  v2(206, 'Gross', 'adult', [54]),
  v2(301, 'Abused Drugs', 'legal_liability', [10]),
  v2(302, 'Marijuana', 'legal_liability', [32]),
  v2(303, 'Low-THC Cannabis Products', 'legal_liability', [87]),
  v2(304, 'Gambling', 'legal_liability', [27]),
  v2(305, 'Weapons', 'legal_liability', [36]),
  v2(306, 'Violence', 'legal_liability', [48]),
  v2(307, 'Hate and Racism', 'legal_liability', [46]),
  v2(308, 'Illegal Activities', 'legal_liability', [64]),
  v2(309, 'Questionable', 'legal_liability', [44]),
  v2(310, 'Cheating and Plagiarism', 'legal_liability', [53]),
  v2(311, 'Cult and Occult', 'legal_liability', [8]),
  v2(312, 'Alcohol and Tobacco', 'legal_liability', [76]),
  v2(313, 'Self Harm', 'legal_liability', [86]),
  v2(401, 'Social Networking', 'productivity', [14]),
  v2(402, 'Professional Networking', 'productivity', [14]),
  v2(403, 'Online Games', 'productivity', [34]),
  v2(404, 'Game Stores and Publishers', 'productivity', [34]),
  v2(405, 'Shopping', 'productivity', [7]),
  v2(406, 'Auctions and Marketplaces', 'productivity', [6]),
  v2(407, 'Entertainment and Arts', 'productivity', [21]),
  v2(408, 'Sports', 'productivity', [42]),
  v2(409, 'Job Search', 'productivity', [26]),
  v2(410, 'Online Greeting Cards', 'productivity', [41]),
  v2(411, 'Pay to Surf', 'productivity', [37]),
  v2(412, 'Fantasy Sports', 'productivity', []),
  v2(501, 'Video Streaming', 'bandwidth', [25]),
  v2(502, 'Audio Streaming and Podcasts', 'bandwidth', [25, 60]),
  v2(503, 'Peer to Peer', 'bandwidth', [31]),
  v2(504, 'Software Downloads', 'bandwidth', [30]),
  v2(505, 'Online Storage and Backup', 'bandwidth', [47]),
  v2(506, 'File Sharing', 'bandwidth', [47]),
  v2(507, 'Image and Video Search', 'bandwidth', [78]),
  v2(508, 'Software Updates', 'bandwidth', []),
  v2(601, 'Business and Economy', 'business', [4]),
  v2(602, 'Financial Services', 'business', [3]),
  v2(603, 'Online Banking', 'business', [3]),
  v2(604, 'Cryptocurrency', 'business', []),
  v2(605, 'Stock Advice and Trading', 'business', [16]),
  v2(606, 'Real Estate', 'business', [1]),
  v2(607, 'Legal Services', 'business', [23]),
  v2(701, 'News and Media', 'information', [63]),
  v2(702, 'Reference and Research', 'information', [29]),
  v2(703, 'Educational Institutions', 'information', [40]),
  v2(704, 'Online Courses and Training', 'information', [17]),
  v2(705, 'Government', 'information', [61]),
  v2(706, 'Military', 'information', [13]),
  v2(707, 'Health and Medicine', 'information', [69]),
  v2(708, 'Local Information', 'information', [24]),
  v2(709, 'Translation', 'information', [28]),
  v2(710, 'Weather', 'information', []),
  v2(801, 'Computer and Internet Info', 'technology', [5]),
  v2(802, 'Computer and Internet Security', 'technology', [2]),
  v2(803, 'Search Engines', 'technology', [50]),
  v2(804, 'Internet Portals', 'technology', [51]),
  v2(805, 'Advertising and Trackers', 'technology', [52]),
  v2(806, 'Web-based Email', 'technology', [55]),
  v2(807, 'Instant Messaging', 'technology', [66]),
  v2(808, 'Voice and Video Conferencing', 'technology', [66]),
  v2(809, 'Content Delivery Networks', 'technology', [65]),
  v2(810, 'Web Hosting', 'technology', [82]),
  v2(811, 'Dynamically Generated Content', 'technology', [74]),
  v2(812, 'Cloud Infrastructure and APIs', 'technology', []),
  v2(813, 'Collaboration and Office Suites', 'technology', []),
  v2(814, 'Developer Tools and Code Repositories', 'technology', []),
  v2(901, 'Generative AI', 'emerging', [85]),
  v2(902, 'AI Coding Assistants', 'emerging', []),
  v2(1001, 'Travel', 'lifestyle', [9]),
  v2(1002, 'Home and Garden', 'lifestyle', [12]),
  v2(1003, 'Religion', 'lifestyle', [20]),
  v2(1004, 'Personal Sites and Blogs', 'lifestyle', [22]),
  v2(1005, 'Philosophy and Politics', 'lifestyle', [35]),
  v2(1006, 'Hunting and Fishing', 'lifestyle', [38]),
  v2(1007, 'Society and Culture', 'lifestyle', [39]),
  v2(1008, 'Kids', 'lifestyle', [45]),
  v2(1009, 'Abortion', 'lifestyle', [68]),
  v2(1010, 'Fashion and Beauty', 'lifestyle', [79]),
  v2(1011, 'Recreation and Hobbies', 'lifestyle', [80]),
  v2(1012, 'Motor Vehicles', 'lifestyle', [81]),
  v2(1013, 'Food and Dining', 'lifestyle', []),
  v2(1101, 'Dead Sites', 'uncategorized', [15]),
  v2(1102, 'Parked Domains', 'uncategorized', [75]),
  v2(1103, 'Private IP Addresses', 'uncategorized', [83]),
  v2(1104, 'Unknown', 'uncategorized', [84]),
];

export const CATEGORIES_V2: Category[] = ROWS.map((r) => r.category);

/** Where each v1 category went, in v1 id order; every v1 category goes somewhere. */
export const CATEGORY_MAPPING_V1_TO_V2: CategoryMapping[] = CATEGORIES_V1.map((v1) => ({
  v1_id: v1.id,
  v2_ids: ROWS.filter((r) => r.from.includes(v1.id)).map((r) => r.category.id),
}));

const V2_BY_V1 = new Map(CATEGORY_MAPPING_V1_TO_V2.map((m) => [m.v1_id, m.v2_ids]));

/** The v2 categories of a v1 category; empty for an id that is not a v1 category. */
export const v2IdsOf = (v1Id: number): number[] => V2_BY_V1.get(v1Id) ?? [];

export const categoryTreeV2Reply = () => ({
  groups: CATEGORY_GROUPS_V2,
  categories: CATEGORIES_V2,
  mapping: CATEGORY_MAPPING_V1_TO_V2,
});
