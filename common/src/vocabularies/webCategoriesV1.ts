/**
 * The v1 web category tree: the URL-classification vendor's categories (Webroot BrightCloud
 * numbering, as secure web gateways license it), in ten parent groups. Ids are stable: rules and
 * category overrides store them (webKinds CategoryId). 85–88 are the extension categories
 * (categoryKinds.ts); ids the vendor retired (70, 72, 73, 77) are not reused.
 *
 * One table for both worlds: the reference server answers GET /api/policy/v1/cats with it
 * (server/src/policy/reference/webCategories.ts) and names an override's categories from it; the
 * provider console picks an override's categories from it by name (no tenant session there to
 * read the tenant-facing route).
 */
import type { Category, CategoryGroup, CategoryTree } from '../api/contract/policyReference';

export const CATEGORY_GROUPS_V1: CategoryGroup[] = [
  { key: 'security', name: 'Security Risk' },
  { key: 'adult', name: 'Adult and Mature Content' },
  { key: 'legal_liability', name: 'Legal Liability' },
  { key: 'productivity', name: 'Productivity Loss' },
  { key: 'bandwidth', name: 'Bandwidth Consumption' },
  { key: 'business', name: 'Business and Finance' },
  { key: 'information', name: 'Information and Reference' },
  { key: 'technology', name: 'Technology and Communication' },
  { key: 'lifestyle', name: 'Lifestyle and Society' },
  { key: 'uncategorized', name: 'Uncategorized and Other' },
];

const c = (id: number, name: string, group: string): Category => ({ id, name, group });
const ext = (id: number, name: string, group: string): Category => ({ id, name, group, extension: true });

export const CATEGORIES_V1: Category[] = [
  c(1, 'Real Estate', 'business'),
  c(2, 'Computer and Internet Security', 'technology'),
  c(3, 'Financial Services', 'business'),
  c(4, 'Business and Economy', 'business'),
  c(5, 'Computer and Internet Info', 'technology'),
  c(6, 'Auctions', 'productivity'),
  c(7, 'Shopping', 'productivity'),
  c(8, 'Cult and Occult', 'legal_liability'),
  c(9, 'Travel', 'lifestyle'),
  c(10, 'Abused Drugs', 'legal_liability'),
  c(11, 'Adult and Pornography', 'adult'),
  c(12, 'Home and Garden', 'lifestyle'),
  c(13, 'Military', 'information'),
  c(14, 'Social Networking', 'productivity'),
  c(15, 'Dead Sites', 'uncategorized'),
  c(16, 'Individual Stock Advice and Tools', 'business'),
  c(17, 'Training and Tools', 'information'),
  c(18, 'Dating', 'adult'),
  c(19, 'Sex Education', 'adult'),
  c(20, 'Religion', 'lifestyle'),
  c(21, 'Entertainment and Arts', 'productivity'),
  c(22, 'Personal Sites and Blogs', 'lifestyle'),
  c(23, 'Legal', 'information'),
  c(24, 'Local Information', 'information'),
  c(25, 'Streaming Media', 'bandwidth'),
  c(26, 'Job Search', 'productivity'),
  c(27, 'Gambling', 'legal_liability'),
  c(28, 'Translation', 'information'),
  c(29, 'Reference and Research', 'information'),
  c(30, 'Shareware and Freeware', 'bandwidth'),
  c(31, 'Peer to Peer', 'bandwidth'),
  c(32, 'Marijuana', 'legal_liability'),
  c(33, 'Hacking', 'security'),
  c(34, 'Games', 'productivity'),
  c(35, 'Philosophy and Political Advocacy', 'lifestyle'),
  c(36, 'Weapons', 'legal_liability'),
  c(37, 'Pay to Surf', 'productivity'),
  c(38, 'Hunting and Fishing', 'lifestyle'),
  c(39, 'Society', 'lifestyle'),
  c(40, 'Educational Institutions', 'information'),
  c(41, 'Online Greeting Cards', 'productivity'),
  c(42, 'Sports', 'productivity'),
  c(43, 'Swimsuits and Intimate Apparel', 'adult'),
  c(44, 'Questionable', 'legal_liability'),
  c(45, 'Kids', 'lifestyle'),
  c(46, 'Hate and Racism', 'legal_liability'),
  c(47, 'Personal Storage', 'bandwidth'),
  c(48, 'Violence', 'legal_liability'),
  c(49, 'Keyloggers and Monitoring', 'security'),
  c(50, 'Search Engines', 'technology'),
  c(51, 'Internet Portals', 'technology'),
  c(52, 'Web Advertisements', 'technology'),
  c(53, 'Cheating', 'legal_liability'),
  c(54, 'Gross', 'adult'),
  c(55, 'Web-based Email', 'technology'),
  c(56, 'Malware Sites', 'security'),
  c(57, 'Phishing and Other Frauds', 'security'),
  c(58, 'Proxy Avoidance and Anonymizers', 'security'),
  c(59, 'Spyware and Adware', 'security'),
  c(60, 'Music', 'bandwidth'),
  c(61, 'Government', 'information'),
  c(62, 'Nudity', 'adult'),
  c(63, 'News and Media', 'information'),
  c(64, 'Illegal', 'legal_liability'),
  c(65, 'Content Delivery Networks', 'technology'),
  c(66, 'Internet Communications', 'technology'),
  c(67, 'Bot Nets', 'security'),
  c(68, 'Abortion', 'lifestyle'),
  c(69, 'Health and Medicine', 'information'),
  c(71, 'SPAM URLs', 'security'),
  c(74, 'Dynamically Generated Content', 'technology'),
  c(75, 'Parked Domains', 'uncategorized'),
  c(76, 'Alcohol and Tobacco', 'legal_liability'),
  c(78, 'Image and Video Search', 'bandwidth'),
  c(79, 'Fashion and Beauty', 'lifestyle'),
  c(80, 'Recreation and Hobbies', 'lifestyle'),
  c(81, 'Motor Vehicles', 'lifestyle'),
  c(82, 'Web Hosting', 'technology'),
  c(83, 'Private IP Addresses', 'uncategorized'),
  c(84, 'Unknown', 'uncategorized'),
  ext(85, 'Generative AI', 'technology'),
  ext(86, 'Self Harm', 'legal_liability'),
  ext(87, 'Low-THC Cannabis Products', 'legal_liability'),
  ext(88, 'Newly Observed Domains', 'security'),
];

export const CATEGORY_TREE_V1: CategoryTree = { groups: CATEGORY_GROUPS_V1, categories: CATEGORIES_V1 };
