// A neighbourhood laid out on its own, for focus: while it is shown it stands in for the whole
// graph, and its nodes are the ones the page marks, selects and writes values into. A static
// report holds a plan of it (`#report-neighbourhoods`: where each node goes and each edge's
// curve, laid out by Graphviz when the report was made), drawn from copies of the nodes' own
// drawings (PlanPictures, PictureDrawing); the live page and `report --serve` ask their server,
// which sends the drawing whole. One of more than a thousand nodes is laid out as an overview
// of itself, its own groups (`focus_g<i>`) each standing for many of its nodes.
class Neighbourhoods {
  static depthNames = ['1', '2', '3', 'all'];

  /** Why focus shows a neighbourhood in the whole graph's places, in a sentence: `asks` when a
   *  server lays out on demand, `plans` the report's plans (false for none). */
  static whyInPlace(depth, asks, plans) {
    if (asks) return 'the server has no layout of it';
    if (!plans) return 'this page holds no layouts of neighbourhoods';
    if (!plans.depths[Neighbourhoods.depthNames.indexOf(depth)]) {
      return `this report has no layouts at depth ${depth} (\`recoil-inspect report --focus-layouts ${depth}\` ` +
        'makes them; \`recoil-inspect report --serve\` lays out any when focus asks)';
    }
    return 'it holds more than a thousand nodes, too many to lay out whole, and no collapse rule groups them into ' +
      'an overview of itself (\`recoil-inspect report --collapse\` chooses the rules)';
  }

  constructor(page) {
    this.page = page;
    this.plans = null; // the parsed plans, or false for a page without; read when focus first asks
    this.pictures = new PictureDrawing(page);
    this.asked = new Map(); // `${node}/${depth}` -> SVG text, or a pending promise
    this.shown = null; // { svg, index, depth, replaced, note, count }
  }

  /** Whether a neighbourhood is shown; of node `index`, where given. */
  isShowing(index) {
    return this.shown !== null && this.shown.index === index;
  }
  isShown() {
    return this.shown !== null;
  }

  /** The size of the drawing shown, for fitting it to the view. */
  shownSize() {
    const svg = this.shown?.svg;
    return svg ? { width: Number(svg.getAttribute('width')), height: Number(svg.getAttribute('height')) } : null;
  }

  /** Why a neighbourhood at `depth` is shown in the whole graph's places. */
  why(depth) {
    return Neighbourhoods.whyInPlace(depth, Boolean(this.page.layouts.provider), this.#planData());
  }

  /** Lets go of what was laid out for an older model (a newer layout replaced it). */
  restart() {
    this.hide();
    this.pictures = new PictureDrawing(this.page);
    this.asked = new Map();
  }

  /** Shows node `index`'s neighbourhood at `depth` laid out on its own: `{note, count}` when
   *  shown, null when there is no layout of it, or a promise of either. */
  show(index, depth) {
    const page = this.page;
    const shown = this.shown;
    if (shown && shown.index === index && shown.depth === depth) return { note: shown.note, count: shown.count };
    const found = this.#source(index, depth);
    if (found && found.then) {
      return found.then(() => (page.state.focus && page.state.node === index && page.state.depth === depth ? this.show(index, depth) : null));
    }
    const drawn = this.#drawingOf(found);
    if (!drawn) return null;
    this.hide();
    drawn.classList.add('neighbourhood');
    drawn.setAttribute('data-node', page.model.nodes[index].id);
    const box = drawn.viewBox.baseVal;
    drawn.setAttribute('width', String(box && box.width ? box.width : 100));
    drawn.setAttribute('height', String(box && box.height ? box.height : 100));
    page.drawing.svg.style.display = 'none';
    document.getElementById('canvas').append(drawn);
    const replaced = page.drawing.adopt(drawn);
    // Copies of family members, away from their family's box, say their family.
    new FamilyNames(page).show(drawn.querySelectorAll('g.node[data-node-id]'));
    // Past a thousand nodes the neighbourhood is drawn as an overview of itself.
    const groups = drawn.querySelectorAll('g.node.group[id^="focus_g"]').length;
    let note = null;
    if (groups > 0) {
      const { upstream, downstream } = ReportModel.marked(page.model, index, depth);
      const total = new Set([index, ...upstream, ...downstream]).size;
      const count = (number) => number.toLocaleString('en-US');
      note = `${count(total)} nodes, too many to draw each: laid out on their own as an overview, ` +
        `${groups} group${groups === 1 ? '' : 's'} standing for ${count(total - replaced.nodes.size)} of them`;
    }
    this.shown = { svg: drawn, index, depth, replaced, note, count: replaced.nodes.size };
    page.drawing.changed();
    return { note, count: replaced.nodes.size };
  }

  /** Shows the whole graph again. */
  hide() {
    if (!this.shown) return;
    const { svg: drawn, replaced } = this.shown;
    this.shown = null;
    drawn.remove();
    this.page.drawing.restore(replaced);
    this.page.drawing.svg.style.display = '';
    this.page.drawing.changed();
  }

  #planData() {
    if (this.plans === null) {
      const element = document.getElementById('report-neighbourhoods');
      this.plans = element ? JSON.parse(element.textContent) : false;
    }
    return this.plans;
  }

  // Node `index`'s neighbourhood at `depth`: a plan's number, a hub's overview plan (an
  // object), the server's drawing (SVG text) or a promise of it, or undefined when there is no
  // layout of it.
  #source(index, depth) {
    const plans = this.#planData();
    const planned = plans ? plans.depths[Neighbourhoods.depthNames.indexOf(depth)]?.[index] : undefined;
    if (planned !== undefined && planned >= 0) return planned;
    if (planned !== undefined && planned <= -2) return plans.overviews[-2 - planned]; // a hub's overview
    const key = `${index}/${depth}`;
    if (this.asked.has(key)) return this.asked.get(key);
    const provider = this.page.layouts.provider;
    if (!provider) return undefined;
    const answer = Promise.resolve(provider({ node: index, depth }))
      .catch(() => null)
      .then((text) => {
        this.asked.set(key, typeof text === 'string' ? text : undefined);
        return typeof text === 'string' ? text : undefined;
      });
    this.asked.set(key, answer);
    return answer;
  }

  // The drawing of what `#source` gave, or null.
  #drawingOf(found) {
    const plans = this.plans;
    if (typeof found === 'number') return this.pictures.draw(PlanPictures.planPicture(plans.plans[found], plans.homes, plans.looks), plans.looks);
    if (found && typeof found === 'object') {
      const picture = PlanPictures.overviewPicture(found, plans.homes, plans.looks, plans.labels ?? [],
        (node) => this.page.model.nodes[node]?.id ?? '');
      return this.pictures.draw(picture, plans.looks);
    }
    if (typeof found === 'string') {
      const parsed = PageDOM.parseDrawing(found);
      return parsed && document.importNode(parsed, true);
    }
    return null;
  }
}

if (typeof module === 'object' && module.exports) module.exports = Neighbourhoods;
