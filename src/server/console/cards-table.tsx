// The console's lists: a table that scrolls sideways when it is wider than the screen and, on a phone,
// shows each row as a card (console.css `cards-on-phone`: each cell is headed by its `data-label`, so
// every row's cells carry the heading of their column).
import type { Child } from 'hono/jsx';

export function CardsTable(props: {
  /** The headings, one a column. */
  columns: Child[];
  /** Another class for the table (console.css sizes some tables' columns). */
  class?: string;
  /** The rows. */
  children?: Child;
}) {
  return (
    <div class="table-scroll">
      <table class={props.class ? `${props.class} cards-on-phone` : 'cards-on-phone'}>
        <thead>
          <tr>
            {props.columns.map((column) => (
              <th scope="col">{column}</th>
            ))}
          </tr>
        </thead>
        <tbody>{props.children}</tbody>
      </table>
    </div>
  );
}
