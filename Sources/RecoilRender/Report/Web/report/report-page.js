// The report page: reads the data ReportData embeds into a model (report-model.js), makes the
// page's state (page-state.js) and attaches each module to both; the modules draw themselves from
// the state. The user's intents that touch several modules are here: select a node, choose an
// entry, focus, clear, a click on the graph. For the live page it answers to its host
// (`window.recoilReport`, see ReportHost): what arrived is appended, a newer layout replaces the
// drawing in place keeping everything the user holds, Follow chooses each latest entry. When it
// is ready it sets data-ready="true" on the root element, for scripts and tests to wait on.
class ReportPage {
  constructor() {
    const data = JSON.parse(document.getElementById('report-data').textContent);
    this.store = PageState.createStore(PageState.initial({
      depth: document.getElementById('depth').value,
      heat: document.getElementById('heat').checked,
    }));
    this.model = ReportModel.create(data);
    this.set = this.store.set;
    this.on = this.store.on;
    // Where insides and neighbourhoods come from when the page holds no layout of them: a
    // function from `{group}` or `{node, depth}` to (a promise of) SVG text, or null.
    this.layouts = { provider: null };
    // The modules, in the order they draw.
    this.drawing = new GraphDrawing(this);
    this.view = new GraphView(this);
    this.groups = new OverviewGroups(this);
    this.neighbourhoods = new Neighbourhoods(this);
    this.marks = new GraphMarks(this);
    this.labels = new GraphLabels(this);
    this.search = new Search(this);
    this.timeline = new Timeline(this);
    this.rewind = new Rewind(this);
    this.details = new Details(this);
    this.focus = new Focus(this);
    this.minimap = new Minimap(this);
    this.keyboard = new Keyboard(this);
    this.address = new PageAddress(this);
    if (document.body.dataset.layouts === 'server') this.layouts.provider = ReportPage.servedLayouts();
    this.view.fit();
    this.store.drawAll({ record: false });
    this.minimap.measure();
    this.view.readableFit();
    this.address.restore(false);
  }

  /** For `report --serve`: its own server lays out each neighbourhood the page holds no
   *  layout of. */
  static servedLayouts() {
    const token = new URLSearchParams(location.search).get('token') ?? '';
    return (wanted) => {
      if (wanted.node === undefined) return null;
      const query = new URLSearchParams({ token, node: String(wanted.node), depth: String(wanted.depth) });
      return fetch(`/neighbourhood?${query}`).then((response) => (response.ok ? response.text() : null));
    };
  }

  get state() {
    return this.store.state;
  }

  /** Selects node `index` and shows its details (the user chose it: Follow stops). */
  select(index) {
    const node = this.model.nodes[index];
    if (index === undefined || index === null || !node) return;
    this.set({ node: index, shows: 'node', follow: false });
    const value = ReportModel.valueAt(this.model, index, this.state.entry);
    PageDOM.announce(`Selected ${node.id}` + (value !== undefined ? `, value ${value}` : ''));
  }

  /** No node selected; the details show the chosen entry, if any. */
  clearSelection() {
    const { shows, entry } = this.state;
    this.set({ node: null, focus: false, shows: shows === 'node' ? (entry >= 0 ? 'entry' : 'start') : shows });
  }

  /** Chooses entry `entryIndex` and shows its details; Follow stops unless `how.follow`. */
  choose(entryIndex, how = {}) {
    if (!(entryIndex >= 0 && entryIndex < this.model.timeline.length)) return;
    this.set({ entry: entryIndex, shows: 'entry', follow: how.follow ?? false }, how);
    PageDOM.announce(`Step ${PageText.entryTitle(this.model.timeline[entryIndex], this.model.nodes)}`);
  }

  setFocus(on) {
    if (on && this.state.node === null) return;
    this.set({ focus: on });
  }

  /** Esc, or an address that names nothing: no selection, no chosen entry, no marks, the
   *  details as the page opened. */
  clearEverything(how = {}) {
    this.set({ node: null, focus: false, entry: -1, shows: 'start' }, how);
    PageDOM.announce('Cleared');
  }

  /** A click on the graph that did not pan: a title bar closes its inside, a closed group
   *  opens, a node is selected, anything else clears the selection. */
  clickGraph(target) {
    const bar = target && target.closest('g.inside-title');
    if (bar) {
      this.groups.close(Number(bar.getAttribute('data-group')));
      return;
    }
    const closed = target && target.closest('g.node.group');
    if (closed && closed.id.startsWith('focus_g')) return; // a focused neighbourhood's own group
    if (closed && this.groups.keyOf(closed) !== null) {
      this.groups.open(this.groups.keyOf(closed));
      return;
    }
    const group = target && target.closest('g.node[data-node-id]');
    if (group) this.select(this.model.indexOfId.get(group.getAttribute('data-node-id')));
    else this.clearSelection();
  }
}

window.recoilReport = new ReportHost(new ReportPage()).interface();
document.documentElement.setAttribute('data-ready', 'true');
