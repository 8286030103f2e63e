import type { ReactNode } from 'react';

/**
 * One mapping of an import report (models, knowledge): what the app names,
 * where it goes here, and how many steps use it — one row per child.
 */
export function ImportMappingTable({ title, from, to, testId, children }: { title: string; from: string; to: string; testId: string; children: ReactNode }) {
  return (
    <section className="import-models" data-testid={testId}>
      <h3>{title}</h3>
      <table>
        <thead>
          <tr>
            <th scope="col">{from}</th>
            <th scope="col">{to}</th>
            <th scope="col">Steps</th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </section>
  );
}
