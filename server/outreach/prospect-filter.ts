// Find Prospects (DESIGN §12): the business's own prospects filtered by job titles, locations and
// industries, each a comma-separated list. A prospect matches a field when the field contains any of
// its values (case-insensitive); every field given must match. Pure: the page and the query share it.
export type ProspectFilter = { titles: string[]; locations: string[]; industries: string[] };

export const FILTER_FIELDS = [
  { key: "titles", param: "titles", column: "title", label: "Job Titles", placeholder: "Facility Manager, Office Manager" },
  { key: "locations", param: "locations", column: "location", label: "Locations", placeholder: "Austin, Dallas" },
  { key: "industries", param: "industries", column: "industry", label: "Industries", placeholder: "Healthcare, Education" },
] as const;

/** "a, b,,c " → ["a", "b", "c"]: trimmed, empty and repeated values dropped, at most 20 values of 80 characters. */
export function splitList(text: string | null | undefined): string[] {
  const values = (text ?? "")
    .split(",")
    .map((v) => v.trim().replace(/\s+/g, " ").slice(0, 80))
    .filter(Boolean);
  const seen = new Set<string>();
  return values.filter((v) => !seen.has(v.toLowerCase()) && seen.add(v.toLowerCase())).slice(0, 20);
}

export function parseProspectFilter(params: URLSearchParams): ProspectFilter {
  return { titles: splitList(params.get("titles")), locations: splitList(params.get("locations")), industries: splitList(params.get("industries")) };
}

export function isFilterEmpty(filter: ProspectFilter): boolean {
  return !filter.titles.length && !filter.locations.length && !filter.industries.length;
}

/** The same rule in memory (the preview and the tests): any value within a field, every field given. */
export function matchesFilter(prospect: { title: string; location: string; industry: string }, filter: ProspectFilter): boolean {
  return FILTER_FIELDS.every(({ key, column }) => {
    const values = filter[key];
    if (!values.length) return true;
    const have = prospect[column].toLowerCase();
    return values.some((v) => have.includes(v.toLowerCase()));
  });
}

/** The Prisma `where` of the filter within one business. */
export function prospectWhere(businessId: string, filter: ProspectFilter) {
  return {
    businessId,
    AND: FILTER_FIELDS.filter(({ key }) => filter[key].length > 0).map(({ key, column }) => ({
      OR: filter[key].map((value) => ({ [column]: { contains: value, mode: "insensitive" as const } })),
    })),
  };
}
