// A large graph's groups (`data.overview`): the page shows the graph with families, stores and
// namespaces closed; a click on a group (or Enter on it) opens it in place, its inside (laid out
// by Graphviz when the report was made, `#report-insides`, or asked of the live page's server)
// drawn over the spot the group held, and a click on the inside's title bar closes it again.
// Groups open one level at a time; a node inside closed groups is revealed by opening each on
// its way. The groups a node is in are pure (`holding`), checked by `node --test`.
class OverviewGroups {
  /** The keys of the groups node `index` is inside, outermost first (`overview.nodeIn` gives a
   *  node's group, each group's `in` the one it is inside). */
  static holding(overview, groupInfo, index) {
    const chain = [];
    for (let key = overview ? overview.nodeIn[index] : -1; key >= 0; key = groupInfo.get(key)?.in ?? -1) chain.unshift(key);
    return chain;
  }

  /** The text of an opened inside's title bar. */
  static titleText(info) {
    return `▾ ${info.title} · ${info.count.toLocaleString('en-US')} nodes · close ✕`;
  }

  constructor(page) {
    this.page = page;
    this.restart();
  }

  /** Starts with the drawing's groups, all closed (again, for a newer drawing). */
  restart() {
    this.overview = this.page.model.overview;
    this.groupInfo = new Map((this.overview?.groups ?? []).map((group) => [group.key, group]));
    this.opened = new Map(); // group key -> its inside's layer in the top SVG
    this.sources = null; // group key -> SVG text, read when a group is first opened
    this.pending = new Map();
    const svg = this.page.drawing.svg;
    for (const element of svg.querySelectorAll('g.node.group')) this.#prepareGroup(element);
    svg.addEventListener('keydown', (event) => {
      const bar = event.target.closest && event.target.closest('g.inside-title');
      if (!bar || (event.key !== 'Enter' && event.key !== ' ')) return;
      event.preventDefault();
      event.stopPropagation();
      this.close(Number(bar.getAttribute('data-group')));
    });
  }

  get isOverview() {
    return this.overview !== null;
  }

  /** A group's key from its drawn element (`g<key>`), or null. */
  keyOf(element) {
    const match = /^g(\d+)$/.exec(element.id);
    return match && this.groupInfo.has(Number(match[1])) ? Number(match[1]) : null;
  }

  /** The group a node is drawn in (its innermost), -1 for none. */
  groupOf(index) {
    return this.overview ? this.overview.nodeIn[index] : -1;
  }

  /** The titles of the groups open, outermost first. */
  openTitles() {
    return [...this.opened.keys()].map((key) => this.groupInfo.get(key).title);
  }

  /** Opens, quietly, the groups titled `titles` (a newer drawing's, as an older one had them). */
  reopen(titles) {
    for (const title of titles) {
      const found = [...this.groupInfo.values()].find((group) => group.title === title);
      if (found) this.open(found.key, { quiet: true });
    }
  }

  /** The group drawn for a node that is inside closed groups: the outermost closed one. */
  shownHolder(index) {
    if (!this.overview) return null;
    const closed = OverviewGroups.holding(this.overview, this.groupInfo, index).find((key) => !this.opened.has(key));
    return closed === undefined ? null : document.getElementById('g' + closed);
  }

  /** Opens the groups node `index` is inside; a promise when an inside must first be asked for. */
  reveal(index) {
    // While focus shows a neighbourhood on its own, the whole graph (and its groups) is hidden.
    if (!this.overview || this.page.drawing.nodes[index] || this.page.neighbourhoods.isShown()) return undefined;
    const chain = OverviewGroups.holding(this.overview, this.groupInfo, index);
    const next = (position) => {
      for (; position < chain.length; position += 1) {
        const asked = this.open(chain[position], { quiet: true });
        if (asked) return asked.then(() => next(position + 1));
      }
      return undefined;
    };
    return next(0);
  }

  /** Group `key`'s inside as SVG text, where the page holds it. */
  source(key) {
    if (this.sources === null) {
      const element = document.getElementById('report-insides');
      this.sources = new Map(element ? JSON.parse(element.textContent).insides.map((inside) => [inside.key, inside.svg]) : []);
    }
    return this.sources.get(key);
  }

  /** Opens group `key` (and the groups it is in); a promise when its inside must first be
   *  asked for, else undefined. */
  open(key, { quiet = false } = {}) {
    const info = this.groupInfo.get(key);
    if (!info || this.opened.has(key)) return undefined;
    if (info.in >= 0 && !this.opened.has(info.in)) {
      const outer = this.open(info.in, { quiet: true });
      if (outer) return outer.then(() => (this.opened.has(info.in) ? this.open(key, { quiet }) : undefined));
    }
    const ready = this.#ensure(key);
    if (ready !== true) {
      if (ready === false) PageDOM.announce(`${info.title} cannot be opened: this page has no layout for it`);
      return ready === false ? undefined : ready.then(() => (this.source(key) !== undefined ? this.open(key, { quiet }) : undefined));
    }
    const anchor = document.getElementById('g' + key);
    const parsed = anchor && PageDOM.parseDrawing(this.source(key));
    const drawing = parsed && parsed.querySelector('g.graph');
    if (!drawing) return undefined;
    const layer = this.#insideLayer(key, info, parsed, drawing, anchor);
    this.page.drawing.svg.append(layer);
    this.opened.set(key, layer);
    anchor.classList.add('opened');
    this.page.drawing.adopt(layer);
    for (const element of layer.querySelectorAll('g.node.group')) this.#prepareGroup(element);
    this.page.drawing.changed();
    if (!quiet) {
      this.page.view.showReadable(layer);
      PageDOM.announce(`Opened ${info.title}: ${info.count} nodes`);
    }
    return undefined;
  }

  /** Closes group `key` and the groups open inside it. */
  close(key) {
    const layer = this.opened.get(key);
    if (!layer) return;
    for (const [inner, group] of this.groupInfo) if (group.in === key) this.close(inner);
    layer.remove();
    this.opened.delete(key);
    document.getElementById('g' + key)?.classList.remove('opened');
    this.page.drawing.release(layer);
    this.page.drawing.changed();
    PageDOM.announce(`Closed ${this.groupInfo.get(key).title}`);
  }

  // Whether group `key`'s inside is at hand: true, false (nowhere to get it), or a promise
  // settled once it has been asked for.
  #ensure(key) {
    if (this.source(key) !== undefined) return true;
    const provider = this.page.layouts.provider;
    if (!provider) return false;
    if (!this.pending.has(key)) {
      const asked = Promise.resolve(provider({ group: key }))
        .then((text) => { if (typeof text === 'string') this.sources.set(key, text); })
        .catch(() => {})
        .finally(() => this.pending.delete(key));
      this.pending.set(key, asked);
    }
    return this.pending.get(key);
  }

  // The inside's layer: a frame, a title bar that closes it, and Graphviz's drawing, over the
  // spot the group held (in the top SVG's units: 1 unit is 1 pixel at scale 1).
  #insideLayer(key, info, parsed, drawing, anchor) {
    const box = parsed.viewBox.baseVal;
    const [width, height] = [box && box.width ? box.width : 200, box && box.height ? box.height : 100];
    const scale = this.page.state.view.scale;
    const origin = this.page.drawing.svg.getBoundingClientRect();
    const at = anchor.getBoundingClientRect();
    const centreX = ((at.left + at.right) / 2 - origin.left) / scale;
    const centreY = ((at.top + at.bottom) / 2 - origin.top) / scale;
    const [bar, pad] = [22, 6];
    const svg = PageDOM.svgElement;
    const layer = svg('g', { class: 'inside', 'data-group': String(key) });
    let top = centreY - (height + bar) / 2 + bar;
    // Never over the title bar of the inside it opens from, which closes that one.
    const container = info.in >= 0 ? this.opened.get(info.in) : null;
    if (container) top = Math.max(top, Number(container.dataset.top) + 2 * pad + bar);
    layer.dataset.top = String(top);
    layer.setAttribute('transform', `translate(${centreX - width / 2} ${top})`);
    const frame = svg('rect', { class: 'inside-frame', x: -pad, y: -bar - pad, width: width + 2 * pad, height: height + bar + 2 * pad, rx: 6 });
    const title = svg('g', { class: 'inside-title', 'data-group': String(key), tabindex: '0', role: 'button', 'aria-label': `Close ${info.title}` });
    title.append(
      svg('rect', { x: -pad, y: -bar - pad, width: width + 2 * pad, height: bar + pad, rx: 6 }),
      svg('text', { x: '2', y: String(-pad - 2) }, PageText.visible(OverviewGroups.titleText(info))));
    drawing.removeAttribute('id');
    // The frame is the inside's background; Graphviz's own (a white polygon) would hide the
    // marked nodes of other insides beneath it while focus shows them in place.
    drawing.querySelector(':scope > g[id^="a_graph"]')?.remove();
    // Graphviz puts the drawing's origin at its bottom left: the same translation as in its SVG.
    layer.append(frame, title, document.importNode(drawing, true));
    return layer;
  }

  #prepareGroup(element) {
    const key = this.keyOf(element);
    if (key === null) return;
    const info = this.groupInfo.get(key);
    element.setAttribute('tabindex', '0');
    element.setAttribute('role', 'button');
    element.setAttribute('aria-label', `Open ${info.title}, ${info.count} nodes`);
    element.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      event.stopPropagation();
      this.open(key);
    });
  }
}

if (typeof module === 'object' && module.exports) module.exports = OverviewGroups;
