// A list's date filters name calendar days, read as UTC days alike in every list (transactions,
// customers) and in their CSV exports.
export const utcDayStart = (day: string) => new Date(`${day}T00:00:00Z`);

/** When the day after `day` starts: the day's rows are those created before it. */
export const utcDayEnd = (day: string) => new Date(utcDayStart(day).getTime() + 86_400_000);
