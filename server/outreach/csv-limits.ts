// The prospect CSV's limits and messages (DESIGN §9, §12). Pure and dependency-free: the outreach page
// shows them in the browser without bundling the CSV parser.
/** The largest file accepted (the upload's body limit adds room for the form around it). */
export const CSV_MAX_BYTES = 10 * 1024 * 1024;
export const CSV_MAX_ROWS = 10_000;

export const CSV_MESSAGES = {
  notCsv: "Please choose a .csv file",
  empty: "The file is empty",
  tooLarge: "The file is larger than 10 MB. Split it and import each part.",
  tooManyRows: "The file has more than 10,000 rows. Split it and import each part.",
  noHeader: "The first row must be a header row naming the columns, e.g. Name, Title, Company, Location, Industry, Email, Profile URL",
  unreadable: "The file could not be read as CSV",
  encoding: "The file is not UTF-8 or UTF-16 text. Save it as “CSV UTF-8” in your spreadsheet and import it again.",
} as const;

