// The page's state, and the one way it changes. Everything the page shows is drawn from it: the
// selected node, what the details show, the chosen timeline entry, focus and its depth, the
// search, the timeline's filters, heat and the kinds shown, the view (pan and zoom), and, on
// the live page, whether it follows the latest entry. Modules change it only through the
// store's `set` and draw themselves in `on(keys, draw)`, called with the new state and the one
// before (null when everything is drawn afresh). The address is written from it (see
// page-address.js). Pure functions and the store, checked by `node --test`
// (Tests/ReportScriptTests/page-state.test.js).
//
// ```js
// const store = PageState.createStore(PageState.initial());
// store.on(['node'], (state) => console.log('selected', state.node));
// store.set({ node: 3, shows: 'node' });
// ```
class PageState {

  /** The timeline's filters as their fields hold them (see TimelineFilter.makeFilter). */
  static noFilters = Object.freeze({
    store: '', node: '', kind: '', grep: '', notNode: '', notKind: '', hideUnchanged: false, touching: false,
  });

  /** The state a page opens with: nothing chosen, the whole graph, every filter empty. */
  static initial({ depth = 'all', heat = false, follow = false } = {}) {
    return Object.freeze({
      node: null, // the selected node's index
      entry: -1, // the chosen timeline entry's index; -1: none, every value its latest
      shows: 'start', // what the details show: 'start', 'node' or 'entry'
      focus: false, // only the selected node and what it marks
      depth, // how far the selection marks: '1', '2', '3' or 'all'
      search: '',
      filters: PageState.noFilters,
      hiddenKinds: Object.freeze([]),
      heat,
      onlyChanged: false,
      view: Object.freeze({ x: 0, y: 0, scale: 1 }),
      follow, // the live page: choose each latest entry as it arrives
    });
  }

  /** Whether two values of the state are the same: numbers, texts and flags by value, the
   *  state's small objects and lists by their parts. */
  static same(a, b) {
    if (a === b) return true;
    if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
  }

  /** `state` with `change` made: the new state (frozen) and the names of the parts that
   *  changed. A change naming no part of the state is a mistake, thrown. */
  static apply(state, change) {
    const changed = new Set();
    const next = { ...state };
    for (const [key, value] of Object.entries(change)) {
      if (!(key in state)) throw new Error(`PageState: no part named ${key}`);
      if (PageState.same(state[key], value)) continue;
      next[key] = typeof value === 'object' && value !== null ? Object.freeze(Array.isArray(value) ? [...value] : { ...value }) : value;
      changed.add(key);
    }
    return { state: changed.size ? Object.freeze(next) : state, changed };
  }

  /** The address of what is chosen (`#seq=74&node=Cart.total`): the entry by its timeline
   *  number, the node by its id; empty when nothing is. */
  static address(state, model) {
    const parts = [];
    const entry = state.entry >= 0 ? model.timeline[state.entry] : undefined;
    if (entry && entry.seq !== undefined) parts.push('seq=' + entry.seq);
    if (state.node !== null && model.nodes[state.node]) parts.push('node=' + encodeURIComponent(model.nodes[state.node].id));
    return parts.length ? '#' + parts.join('&') : '';
  }

  /** What an address chooses (its part after `#`): `{entry, node}` as indexes, -1 and null
   *  for what it does not name or the model does not hold. */
  static fromAddress(fragment, model) {
    const parameters = new URLSearchParams(fragment.replace(/^#/, ''));
    const seq = Number(parameters.get('seq'));
    const entry = parameters.get('seq') !== null && Number.isInteger(seq) && model.positions.has(seq) ? model.positions.get(seq) : -1;
    const id = parameters.get('node');
    const node = id !== null && model.indexOfId.has(id) ? model.indexOfId.get(id) : null;
    return { entry, node };
  }

  /** `state` for a newer model of the same app (a live report laid out again): the node by
   *  its id, the entry by its number; what the newer one lacks is let go. */
  static translate(state, from, to) {
    const id = state.node !== null ? from.nodes[state.node]?.id : undefined;
    const node = id !== undefined && to.indexOfId.has(id) ? to.indexOfId.get(id) : null;
    const seq = state.entry >= 0 ? from.timeline[state.entry]?.seq : undefined;
    const entry = seq !== undefined && to.positions.has(seq) ? to.positions.get(seq) : -1;
    let shows = state.shows;
    if (shows === 'node' && node === null) shows = entry >= 0 ? 'entry' : 'start';
    if (shows === 'entry' && entry < 0) shows = node !== null ? 'node' : 'start';
    return PageState.apply(state, { node, entry, shows, focus: state.focus && node !== null }).state;
  }

  /** The state and its one way to change: `set(change, how)` makes the change and calls each
   *  drawer registered for a part that changed, in the order they were registered, with the
   *  new state, the one before and `how` (`{record: false}`: not a step of the browser's
   *  history). A change made while drawing waits until the drawing is done. A drawer that
   *  throws is reported and the others still draw. */
  static createStore(start) {
    let state = start;
    const drawers = [];
    let drawing = false;
    const waiting = [];
    function draw(selected, previous, how) {
      drawing = true;
      try {
        for (const drawer of selected) {
          try {
            drawer.draw(state, previous, how);
          } catch (error) {
            console.error(error);
          }
        }
      } finally {
        drawing = false;
      }
      while (waiting.length) {
        const [change, later] = waiting.shift();
        set(change, later);
      }
    }
    function set(change, how = {}) {
      if (drawing) {
        waiting.push([change, how]);
        return;
      }
      const made = PageState.apply(state, change);
      if (!made.changed.size) return;
      const previous = state;
      state = made.state;
      draw(drawers.filter((drawer) => drawer.keys.some((key) => made.changed.has(key))), previous, how);
    }
    return {
      get state() { return state; },
      set,
      /** Calls `draw(state, previous, how)` whenever one of `keys` changes. */
      on(keys, drawer) {
        drawers.push({ keys, draw: drawer });
      },
      /** Draws everything afresh (`previous` null): the first time, and after the page's
       *  data or drawing was replaced. `replaced` becomes the state first, unchecked. */
      drawAll(how = {}, replaced = state) {
        state = replaced;
        draw(drawers, null, how);
      },
    };
  }
}

if (typeof module === 'object' && module.exports) module.exports = PageState;
