import { useState, type FormEvent } from 'react';
import type { LeadListResponse } from '../shared/coach-api/leads';
import { coachApi } from '../shared/coach-api/routes';
import { withQuery } from './api';
import { leadsCopy } from './content/leads';
import { patternLabels } from './content/profiles';
import { formatDateTime } from './format';
import { LeadDetailView } from './lead-detail';
import { leadHref, plainClick, viewHref } from './location';
import type { DateRange } from './period';
import { Empty, inputClass, LoadError, Loading, Pager, ViewPanel, secondaryButton, usePages } from './ui';
import { useCoachData } from './use-coach-data';

const copy = leadsCopy;

/**
 * The leads of the period, newest first, a page at a time (cursor pages: the cursors of the pages
 * already seen are kept so "Newer" can go back), searchable; each whole row links to its lead's own
 * address (/coach/leads/<id>), where the lead's detail shows.
 */
export function LeadsView({ range, leadId, focusLead, go }: { range: DateRange; leadId: string | null; focusLead: boolean; go: (href: string) => void }) {
  const [search, setSearch] = useState('');
  const pages = usePages();
  const [notice, setNotice] = useState<string | null>(null);
  const { data, error, loading, reload } = useCoachData<LeadListResponse>(coachApi.leads, { ...range, q: search, cursor: pages.cursor });

  // Said where a screen reader hears it change: the same region, there while empty, on a lead's page
  // and on the list, so "erased" is announced when the list comes back after an erase (a region
  // that appears with its text already in it is not). Empty, it takes no room.
  const said = (
    <div role="status" className="live-region">
      {notice && <p className="rounded-2xl bg-teal-soft px-4 py-3 font-semibold text-teal-dark">{notice}</p>}
    </div>
  );

  if (leadId) {
    return (
      <>
        {said}
        <LeadDetailView
          key={leadId}
          id={leadId}
          focusOnLoad={focusLead}
          onBack={() => go(viewHref('leads'))}
          onErased={(already) => {
            go(viewHref('leads'));
            pages.reset();
            setNotice(already ? copy.alreadyErased : copy.erased);
            reload();
          }}
        />
      </>
    );
  }

  function onSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('q');
    setSearch(typeof value === 'string' ? value.trim() : '');
    pages.reset();
    setNotice(null);
  }

  const searchOutcome =
    search === '' || !data || loading || pages.number > 1 ? null : data.leads.length === 0 ? copy.noMatch : copy.found(data.leads.length, data.nextCursor !== null);

  return (
    <>
      {said}
      <ViewPanel intro={copy.intro}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <form role="search" onSubmit={onSearch} className="flex-1 sm:max-w-md">
          <label htmlFor="lead-search" className="font-semibold text-ink">
            {copy.searchLabel}
          </label>
          <p id="lead-search-hint" className="text-sm text-muted">
            {copy.searchHint}
          </p>
          <div className="mt-1 flex gap-2">
            <input id="lead-search" name="q" type="search" defaultValue={search} aria-describedby="lead-search-hint" className={inputClass} />
            <button type="submit" className={secondaryButton}>
              {copy.search}
            </button>
          </div>
        </form>
        <a href={withQuery(coachApi.leadsCsv, { from: range.from, to: range.to })} download className={`${secondaryButton} self-start sm:self-auto`}>
          {copy.download}
        </a>
      </div>

      {/* What a search found, said while focus stays in the search box (the list below changes silently). */}
      <p role="status" className="sr-only">
        {searchOutcome}
      </p>

      <div className="mt-4" aria-busy={loading}>
        {error ? (
          <LoadError onRetry={reload} />
        ) : !data ? (
          <Loading />
        ) : data.leads.length === 0 ? (
          <Empty>{search ? copy.noMatch : copy.empty}</Empty>
        ) : (
          <ul aria-label={copy.tableCaption} className={`divide-y divide-line border-y border-line ${loading ? 'opacity-60' : ''}`}>
            {data.leads.map((lead) => (
              <li key={lead.id}>
                {/* The whole row is the link to the lead's own address. */}
                <a
                  href={leadHref(lead.id)}
                  onClick={(event) => {
                    if (!plainClick(event.nativeEvent)) return;
                    event.preventDefault();
                    go(leadHref(lead.id));
                  }}
                  className="group flex flex-col gap-x-4 gap-y-1 rounded-xl px-2 py-3 hover:bg-teal-soft sm:flex-row sm:items-center sm:justify-between"
                >
                  <span className="min-w-0">
                    <span className="block text-base font-semibold text-teal underline decoration-teal/40 underline-offset-4 group-hover:decoration-teal">
                      {lead.firstName}
                    </span>
                    <span className="block text-sm break-all text-ink">{lead.email}</span>
                  </span>
                  <span className="text-sm text-muted sm:text-right">
                    <span className="block">{formatDateTime(lead.submittedAt)}</span>
                    <span className="block">{patternLabels[lead.pattern]}</span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>

      <Pager pages={pages} nextCursor={data?.nextCursor} />
      </ViewPanel>
    </>
  );
}
