// REST API: any other /api/v1 address answers a JSON 404 (not the site's HTML page).
import { apiError, API_MESSAGES } from "#server/api/api-errors.ts";

export function loader() {
  return apiError("not_found", API_MESSAGES.notFound);
}

export function action() {
  return apiError("not_found", API_MESSAGES.notFound);
}
