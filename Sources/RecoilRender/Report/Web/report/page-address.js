// The address holds what is chosen (`#seq=74&node=Cart.total`, see PageState.address), written
// from the state, so a view can be shared, reloaded or reopened. Each change of what is chosen is
// a step of the browser's history, so Back and Forward walk through them; a change made
// `{record: false}` (the page following the address, or the live page following the latest
// entry) writes none. Opening an address, or moving through history, chooses what it names.
class PageAddress {
  constructor(page) {
    this.page = page;
    this.pending = null;
    page.on(['node', 'entry'], (state, previous, how) => {
      if (!previous || how.record === false) return;
      // Written in a task of its own, after the step has drawn: writing a history entry costs
      // Chromium as much as the rest of a step (Benchmarks/README.md). Steps made before it is
      // written share one entry.
      if (this.pending === null) setTimeout(() => this.#write(), 0);
      this.pending = PageState.address(state, page.model) || location.pathname + location.search;
    });
    window.addEventListener('popstate', () => this.restore(true));
    window.addEventListener('hashchange', () => this.restore(true));
  }

  /** Chooses what the address names; with `cleared` (history moved), an address naming nothing
   *  clears the page. Returns whether it named anything. */
  restore(cleared) {
    // The address moved: what the page was about to write is no longer what is chosen.
    this.pending = null;
    const page = this.page;
    const { entry, node } = PageState.fromAddress(location.hash, page.model);
    if (entry < 0 && node === null) {
      if (cleared) page.clearEverything({ record: false });
      return false;
    }
    page.set({ entry, node, shows: node !== null ? 'node' : 'entry', focus: page.state.focus && node !== null }, { record: false });
    if (node !== null) page.view.bringIntoView(node);
    return true;
  }

  #write() {
    const address = this.pending;
    this.pending = null;
    if (address === null || address === (location.hash || location.pathname + location.search)) return;
    try {
      history.pushState(null, '', address);
    } catch {
      // Some browsers refuse history changes on file: pages; the view still works.
    }
  }
}
