/** An ISO time to the minute, in UTC, as the settings lists show times (a token's last use, an enrolment). */
export const utcMinute = (iso: string): string => `${iso.slice(0, 16).replace('T', ' ')} UTC`;
