// What the report page offers the live page that holds it (`window.recoilReport`): what arrived
// is appended in place (`extend`), a newer layout of the same app replaces the drawing in place
// keeping the state, the fields, keyboard focus, scroll and open groups (`replace`), Follow
// chooses each latest entry as it arrives (waiting while the pointer is over the timeline), the
// host hears what the user chooses (`onChange`), and adds its tools and where layouts come from.
class ReportHost {
  constructor(page) {
    this.page = page;
    this.listeners = [];
    // The control entry of what the page asked the app to do, until the details show the app
    // as of it (see showAsOf).
    this.awaited = null;
    page.on(['node', 'entry', 'follow'], () => {
      for (const listener of this.listeners) listener(this.summary());
    });
    page.timeline.onRelease(() => this.followLatest());
  }

  /** What is chosen, and what the report holds. */
  summary() {
    const { state, model } = this.page;
    return {
      seq: state.entry >= 0 ? model.timeline[state.entry].seq ?? null : null,
      node: state.node !== null ? model.nodes[state.node].id : null,
      latestSeq: ReportModel.latestSeq(model),
      shape: model.shape,
      entries: model.timeline.length,
      follow: state.follow,
    };
  }

  /** Follow chooses the latest entry, unless the pointer is over the timeline (a row would move
   *  under it): then it waits until the pointer leaves. */
  followLatest() {
    const page = this.page;
    if (!page.state.follow || !page.model.timeline.length || page.timeline.isHeld()) return;
    page.choose(page.model.timeline.length - 1, { record: false, follow: true });
  }

  /** Shows the app as of the `control` entry numbered `seq` (what the page just asked it to
   *  do), once the report holds it: a node's details as of the last entry it caused (the node's
   *  new value), an entry's details its own. For 3 s, as what it caused arrives, unless the
   *  user chooses something else. */
  showAsOf(seq) {
    this.awaited = { seq, chosen: null, until: Date.now() + 3000 };
    this.#showAwaited();
  }

  #showAwaited() {
    const awaited = this.awaited;
    if (!awaited) return;
    const { state, model } = this.page;
    const index = model.positions.get(awaited.seq);
    if (Date.now() > awaited.until || (awaited.chosen !== null && state.entry !== awaited.chosen)) {
      this.awaited = null;
      return;
    }
    if (index === undefined) return;
    const caused = Causality.causedBy(model.consequences, index);
    // A node's new value is as of what the control caused: until that arrives, wait.
    if (state.shows === 'node' && !caused.length) return;
    const target = state.shows === 'node' ? caused[caused.length - 1] : index;
    awaited.chosen = target;
    if (target !== state.entry) this.page.set({ entry: target, shows: state.shows === 'start' ? 'entry' : state.shows, follow: false });
  }

  /** What arrived after the report's latest entry (`delta`: the entries after it, and the
   *  nodes they touched with their histories' new changes), appended in place. */
  extend(delta) {
    const page = this.page;
    const touched = ReportModel.extend(page.model, delta);
    page.timeline.refresh();
    page.rewind.refresh();
    page.labels.modelChanged(touched);
    page.search.refresh();
    if (page.state.shows === 'node') page.details.refresh();
    this.#showAwaited();
    this.followLatest();
  }

  /** A newer layout of the same app, from its report page's text: the drawing, the data and the
   *  groups replaced in place; the state (by node id and entry number), the fields, keyboard
   *  focus and scroll kept. False when the text is not a report. */
  replace(html) {
    const page = this.page;
    // Its body only: its head's style, under its own nonce, would be refused (and reported) by
    // this page's policy, which a parsed document inherits.
    const body = html.indexOf('<body');
    const parsed = new DOMParser().parseFromString(body >= 0 ? html.slice(body) : html, 'text/html');
    const dataElement = parsed.getElementById('report-data');
    const svg = parsed.querySelector('#canvas svg');
    if (!dataElement || !svg) return false;
    const model = ReportModel.create(JSON.parse(dataElement.textContent));
    // The page's data element holds the data it was laid out from, as on a page loaded whole.
    document.getElementById('report-data').textContent = dataElement.textContent;
    const focused = document.activeElement?.closest?.('g.node[data-node-id]')?.getAttribute('data-node-id') ?? null;
    const state = PageState.translate(page.state, page.model, model);
    const openGroups = page.groups.openTitles();
    page.neighbourhoods.restart();
    page.model = model;
    page.drawing.show(document.importNode(svg, true));
    page.groups.restart();
    page.labels.reset();
    page.rewind.refresh();
    page.store.drawAll({ record: false }, state);
    page.groups.reopen(openGroups);
    page.minimap.measure();
    if (focused !== null && model.indexOfId.has(focused)) page.drawing.nodes[model.indexOfId.get(focused)]?.focus({ preventScroll: true });
    this.#showAwaited();
    this.followLatest();
    return true;
  }

  /** The object the host calls. */
  interface() {
    const page = this.page;
    return {
      extend: (delta) => this.extend(delta),
      replace: (html) => this.replace(html),
      state: () => this.summary(),
      /** Calls `listener(state())` whenever the node, the entry or Follow changes. */
      onChange: (listener) => this.listeners.push(listener),
      /** Follow the latest entry as it arrives (at once, when turned on), or stop. */
      setFollow: (on) => {
        if (on) this.awaited = null; // following the latest replaces showing the app as of a control
        page.set({ follow: Boolean(on) }, { record: false });
        this.followLatest();
      },
      /** Shows the app as of the `control` entry numbered `seq` once it arrives (see above). */
      showAsOf: (seq) => this.showAsOf(seq),
      /** A host's tools for the details (see details.js). */
      setTools: (tools) => page.details.setTools(tools),
      /** Where layouts come from: a function from `{ group: key }` (a group's inside) or
       *  `{ node: index, depth }` (a neighbourhood for focus) to (a promise of) SVG text. */
      setLayoutSource: (provider) => {
        page.layouts.provider = typeof provider === 'function' ? provider : null;
        // A node chosen by the address before the host said where insides come from.
        const node = page.state.node;
        if (node !== null && !page.drawing.nodes[node]) page.view.bringIntoView(node);
      },
      /** Selects the node `id`, as a click on it would; false when the report lacks it. */
      select: (id) => {
        const index = page.model.indexOfId.get(id);
        if (index === undefined) return false;
        page.select(index);
        return true;
      },
      /** Chooses the entry numbered `seq`, as a click on it would; false when the report lacks it. */
      choose: (seq) => {
        const index = page.model.positions.get(seq);
        if (index === undefined) return false;
        page.choose(index);
        return true;
      },
    };
  }
}
