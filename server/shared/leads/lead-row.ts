// The columns every view of a lead row starts with (leadRowColumns in server/leads/lead-summary.ts
// selects them): the live summary of the realtime protocol, the Leads page's list and the REST API's
// rows all extend this one shape. `Stamp` is Date as read from the database, string once sent as JSON.
import type { LeadPriority, LeadStatus } from "../enums.ts";

export type LeadRowFields<Stamp extends Date | string> = {
  id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  company: string | null;
  score: number;
  priority: LeadPriority;
  status: LeadStatus;
  isTest: boolean;
  createdAt: Stamp;
};
