// The timeline (`#timeline`): every entry of the causal timeline the filters keep (the state's
// `filters`, as `trace` reads them), virtualized so that only the rows in view are in the
// document, the chosen entry's row marked and kept in view; its count, and what the recording
// dropped. A click on a row chooses its entry. While the pointer is over it, following the
// latest entry waits, so that no row moves under the pointer.
class Timeline {
  static rowHeight = 24;
  static kindNames = ['action', 'write', 'evaluation', 'notification', 'effect', 'resolution', 'control', 'scope'];

  /** What the recording left out, in words: older entries and actions dropped, actions never
   *  recorded by name; empty for nothing. */
  static droppedNote(dropped, firstNumbered) {
    const notRecorded = Object.entries(dropped.notRecorded ?? {}).map(([name, count]) => `${count} × ${name}`).join(', ');
    return [
      dropped.timeline ? `${dropped.timeline} older entries dropped; values known from #${firstNumbered ? PageText.entryNumber(firstNumbered) : '?'}` : '',
      dropped.actions ? `${dropped.actions} older actions dropped` : '',
      notRecorded ? `not recorded: ${notRecorded}` : '',
    ].filter(Boolean).join('; ');
  }

  /** The count line: `12 entries`, `3 of 12 entries`, with what was dropped. */
  static countText(total, shown, dropped) {
    const counted = shown === total ? `${total} entr${total === 1 ? 'y' : 'ies'}` : `${shown} of ${total} entries`;
    return counted + (dropped ? ` (${dropped})` : '');
  }

  constructor(page) {
    this.page = page;
    this.list = document.getElementById('timeline');
    this.fields = {
      store: document.getElementById('filter-store'), node: document.getElementById('filter-node'),
      kind: document.getElementById('filter-kind'), grep: document.getElementById('filter-grep'),
      notNode: document.getElementById('filter-not-node'), notKind: document.getElementById('filter-not-kind'),
      hideUnchanged: document.getElementById('filter-changed'), touching: document.getElementById('filter-touching'),
    };
    // The filters show from the start where there is room; on a phone they open on demand.
    if (window.matchMedia('(min-width: 701px)').matches) document.getElementById('timeline-filter-box').open = true;
    this.spacer = PageDOM.make('div', 'timeline-spacer');
    this.list.append(this.spacer);
    this.shownEntries = page.model.timeline.map((_, index) => index);
    this.queued = false;
    this.held = false;
    this.releaseListeners = [];
    page.on(['filters'], (state) => this.#refilter(state));
    page.on(['node'], (state, previous) => { if (state.filters.touching && previous) this.#refilter(state); });
    page.on(['entry'], (state, previous) => { if (previous) this.#drawCurrent(state, previous); });
    this.#listen();
    const storeList = document.getElementById('store-names');
    for (const node of page.model.nodes) if (node.kind === 'store') storeList.append(Object.assign(PageDOM.make('option'), { value: node.id }));
  }

  /** The indexes of the entries shown, ascending. */
  shown() {
    return this.shownEntries;
  }

  /** The entries again, after the data changed (a live delta, a newer layout). */
  refresh() {
    this.#refilter(this.page.state);
  }

  /** Whether the pointer is over the list. */
  isHeld() {
    return this.held;
  }

  /** Calls `listener()` when the pointer leaves the list. */
  onRelease(listener) {
    this.releaseListeners.push(listener);
  }

  // The state's filters as a filter; a mistake marks its field and says what is wrong.
  #filterOf(state) {
    const filters = state.filters;
    const { filter, error } = TimelineFilter.makeFilter({
      store: filters.store.trim(), node: filters.node.trim(), kind: filters.kind.trim(), grep: filters.grep,
      notNode: filters.notNode.trim(), notKind: filters.notKind.trim(), hideUnchanged: filters.hideUnchanged,
      touching: filters.touching ? state.node ?? -1 : null,
    }, Timeline.kindNames);
    for (const field of ['node', 'kind', 'notNode', 'notKind']) this.fields[field].removeAttribute('aria-invalid');
    if (error) this.fields[error.field].setAttribute('aria-invalid', 'true');
    document.getElementById('filter-error').textContent = error ? error.message : '';
    return filter;
  }

  // The shown entries again; a filter with a mistake keeps what was shown.
  #refilter(state) {
    for (const [name, field] of Object.entries(this.fields)) {
      if (field.type === 'checkbox') field.checked = state.filters[name];
      else if (field.value !== state.filters[name]) field.value = state.filters[name];
    }
    const filter = this.#filterOf(state);
    if (!filter) return;
    const { timeline, nodes, dropped } = this.page.model;
    this.shownEntries = TimelineFilter.filterEntries(timeline, nodes, filter);
    const firstNumbered = timeline.find((entry) => entry.seq !== undefined);
    document.getElementById('timeline-count').textContent =
      Timeline.countText(timeline.length, this.shownEntries.length, Timeline.droppedNote(dropped, firstNumbered));
    if (state.entry >= 0) this.#scrollTo(state.entry);
    this.#drawRows();
  }

  #drawRows() {
    this.queued = false;
    const { list, spacer } = this;
    const { timeline, nodes } = this.page.model;
    const current = this.page.state.entry;
    spacer.style.height = `${this.shownEntries.length * Timeline.rowHeight}px`;
    if (!timeline.length) {
      list.replaceChildren(PageDOM.make('div', 'empty', 'No actions were recorded.'));
      return;
    }
    // A live report's first entries replace the note.
    if (spacer.parentNode !== list) list.replaceChildren(spacer);
    // The number column as wide as the latest (the largest) entry's number.
    const latest = timeline[timeline.length - 1];
    list.style.setProperty('--seq-digits', String(latest.seq !== undefined ? PageText.entryNumber(latest).length : 1));
    const [first, last] = TimelineFilter.visibleRows(list.scrollTop, list.clientHeight, Timeline.rowHeight, this.shownEntries.length);
    const fragment = document.createDocumentFragment();
    for (let row = first; row < last; row++) fragment.append(this.#row(row, this.shownEntries[row], current, timeline, nodes));
    spacer.replaceChildren(fragment);
    if (current >= 0 && document.getElementById(`entry-${current}`)) list.setAttribute('aria-activedescendant', `entry-${current}`);
    else list.removeAttribute('aria-activedescendant');
  }

  #row(row, entryIndex, current, timeline, nodes) {
    const entry = timeline[entryIndex];
    const isCurrent = entryIndex === current;
    const make = PageDOM.make;
    const element = make('div', `entry ${entry.kind}${isCurrent ? ' current' : ''}`);
    element.id = `entry-${entryIndex}`;
    element.setAttribute('role', 'option');
    element.setAttribute('aria-selected', String(isCurrent));
    if (entry.seq !== undefined) element.setAttribute('data-seq', String(entry.seq));
    element.setAttribute('data-kind', entry.kind);
    element.setAttribute('data-index', String(entryIndex));
    element.style.top = `${row * Timeline.rowHeight}px`;
    element.append(
      make('span', 'seq', entry.seq !== undefined ? PageText.entryNumber(entry) : '—'), make('span', 'kind', entry.kind),
      make('span', 'subject', PageText.entrySubject(entry, nodes)),
      make('span', 'detail', PageText.entryDetail(entry)), make('span', 'duration', entry.duration ?? ''));
    return element;
  }

  #scrollTo(entryIndex) {
    const row = TimelineFilter.positionIn(this.shownEntries, entryIndex);
    if (this.shownEntries[row] !== entryIndex) return;
    const { list } = this;
    const top = row * Timeline.rowHeight;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + Timeline.rowHeight > list.scrollTop + list.clientHeight) list.scrollTop = top + Timeline.rowHeight - list.clientHeight;
  }

  // The chosen entry's row: within the rows drawn the mark moves from one row to the other;
  // anything else draws the rows again.
  #drawCurrent(state, previous) {
    const { list } = this;
    const before = previous.entry;
    const scrolled = list.scrollTop;
    if (state.entry >= 0) this.#scrollTo(state.entry);
    const from = document.getElementById(`entry-${before}`);
    const to = state.entry >= 0 ? document.getElementById(`entry-${state.entry}`) : null;
    if (list.scrollTop !== scrolled || (state.entry >= 0 && !to) || (before >= 0 && !from)) {
      this.#drawRows();
      return;
    }
    for (const [row, isCurrent] of [[from, false], [to, true]]) {
      if (!row) continue;
      row.classList.toggle('current', isCurrent);
      row.setAttribute('aria-selected', String(isCurrent));
    }
    if (to) list.setAttribute('aria-activedescendant', to.id); else list.removeAttribute('aria-activedescendant');
  }

  #listen() {
    const { list, page } = this;
    list.addEventListener('scroll', () => {
      if (this.queued) return;
      this.queued = true;
      requestAnimationFrame(() => this.#drawRows());
    });
    list.addEventListener('pointerenter', () => { this.held = true; });
    list.addEventListener('pointerleave', () => {
      this.held = false;
      for (const listener of this.releaseListeners) listener();
    });
    list.addEventListener('click', (event) => {
      const row = event.target.closest('.entry');
      if (row) page.choose(Number(row.getAttribute('data-index')));
    });
    for (const [name, field] of Object.entries(this.fields)) {
      field.addEventListener(field.type === 'checkbox' ? 'change' : 'input', () => {
        page.set({ filters: { ...page.state.filters, [name]: field.type === 'checkbox' ? field.checked : field.value } }, { record: false });
      });
    }
  }
}

if (typeof module === 'object' && module.exports) module.exports = Timeline;
