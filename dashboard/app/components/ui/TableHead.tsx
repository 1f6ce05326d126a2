// A data table's header row: one column header per name (scope="col"), the same spacing everywhere.
import type { ReactNode } from "react";

export function TableHead({ columns, className }: { columns: readonly ReactNode[]; className?: string }) {
  return (
    <thead className={className}>
      <tr className="text-left">
        {columns.map((column, index) => (
          <th key={index} scope="col" className={`py-2 font-semibold ${index < columns.length - 1 ? "pr-4" : ""}`}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
