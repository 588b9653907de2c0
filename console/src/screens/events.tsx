// Events: every change, newest first, paginated; one event's data on demand.
import { call } from "../api";
import { t } from "../strings";
import { Listed, PageTitle, usePage, When } from "../ui";

const pageSize = 25;

export function Events() {
  const list = usePage(pageSize, (page) => call("/v1/events/list", page));
  return (
    <>
      <PageTitle>{t.events.title}</PageTitle>
      <Listed state={list} count={(d) => d.count} empty={t.events.empty}>
        {(data) => (
          <>
            <ul class="events">
              {data.events.map((ev) => (
                <li key={ev.id}>
                  <details>
                    <summary>
                      <strong>{ev.type}</strong> · <When at={ev.created_at} />
                    </summary>
                    <pre class="json" tabIndex={0}>
                      {JSON.stringify(ev.data, null, 2)}
                    </pre>
                  </details>
                </li>
              ))}
            </ul>
          </>
        )}
      </Listed>
    </>
  );
}
