// A data table's header row: one column header per name (scope="col"), the same spacing everywhere
// (`gap`, the padding between columns, matches the table's cells).
import type { ReactNode } from "react";

export function TableHead({ columns, className, gap = "pr-4" }: { columns: readonly ReactNode[]; className?: string; gap?: "pr-3" | "pr-4" }) {
  return (
    <thead className={className}>
      <tr className="text-left">
        {columns.map((column, index) => (
          <th key={index} scope="col" className={`py-2 font-semibold ${index < columns.length - 1 ? gap : ""}`}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
