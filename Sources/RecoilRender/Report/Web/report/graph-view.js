// Pan and zoom: the state's `view` ({x, y, scale}: where the drawing's origin is in the graph
// pane, and its scale) moves and scales `#canvas` with a CSS transform. Dragging pans, the
// wheel and a pinch zoom at the pointer, the buttons and keys zoom at the middle; a click that
// did not pan is the page's (see report-page.js). The arithmetic is pure (`zoomedAt`, `fitted`,
// `fittedBox`, `centredOn`), checked by `node --test` (Tests/ReportScriptTests/graph-view.test.js).
class GraphView {
  static minimumScale = 0.01;
  static maximumScale = 8;
  static clampScale(scale) {
    return Math.min(GraphView.maximumScale, Math.max(GraphView.minimumScale, scale));
  }

  /** `view` zoomed by `factor` about the point (`x`, `y`) of the pane, which stays put. */
  static zoomedAt(view, factor, x, y) {
    const scale = GraphView.clampScale(view.scale * factor);
    const applied = scale / view.scale;
    return { x: x - (x - view.x) * applied, y: y - (y - view.y) * applied, scale };
  }

  /** The view that shows a drawing of `size` whole in a pane of `frame` ({width, height}),
   *  centred, never larger than its own size. */
  static fitted(size, frame) {
    const scale = Math.max(GraphView.minimumScale, Math.min(frame.width / size.width, frame.height / size.height, 1) * 0.97);
    return { x: (frame.width - size.width * scale) / 2, y: (frame.height - size.height * scale) / 2, scale };
  }

  /** The view that shows `box` ({left, top, right, bottom}, in the drawing's units) whole in
   *  the pane below `above` pixels kept free, `margin` around it, at most `largest` times its
   *  size. */
  static fittedBox(box, frame, { above = 0, margin = 24, largest = 2 } = {}) {
    const scale = Math.max(GraphView.minimumScale, Math.min(largest, (frame.width - 2 * margin) / Math.max(box.right - box.left, 1),
      (frame.height - above - 2 * margin) / Math.max(box.bottom - box.top, 1)));
    return {
      x: frame.width / 2 - (box.left + box.right) / 2 * scale,
      y: above + (frame.height - above) / 2 - (box.top + box.bottom) / 2 * scale,
      scale,
    };
  }

  /** The view at `scale` that puts the middle of `box` (drawing units) in the pane's middle. */
  static centredOn(box, frame, scale) {
    return {
      x: frame.width / 2 - (box.left + box.right) / 2 * scale,
      y: frame.height / 2 - (box.top + box.bottom) / 2 * scale,
      scale,
    };
  }

  /** Where a pane showing `width` by `height` of the drawing (its units) shows the most of
   *  `boxes` ([x, y, width, height] each, null for none) whole: its top left, from candidate
   *  places at every box's corner (for a few hundred boxes) and on a lattice over the drawing
   *  of `size`; ties go to the higher, then to the one nearer the middle. */
  static readableWindow(boxes, size, width, height, margin = 12) {
    const shown = boxes.filter(Boolean);
    const candidates = [];
    const lattice = 16;
    for (let i = 0; i <= lattice; i++) {
      for (let j = 0; j <= lattice; j++) {
        candidates.push([i * Math.max(size.width - width, 0) / lattice, j * Math.max(size.height - height, 0) / lattice]);
      }
    }
    if (shown.length <= 200) for (const box of shown) candidates.push([box[0] - margin, box[1] - margin]);
    let best = null;
    for (const [left, top] of candidates) {
      let count = 0;
      for (const box of shown) {
        if (box[0] >= left && box[1] >= top && box[0] + box[2] <= left + width && box[1] + box[3] <= top + height) count++;
      }
      const offCentre = Math.abs(left + width / 2 - size.width / 2);
      if (!best || count > best.count || (count === best.count && (top < best.top - 1e-6 || (Math.abs(top - best.top) < 1e-6 && offCentre < best.offCentre)))) {
        best = { left, top, count, offCentre };
      }
    }
    if (!best) return { left: 0, top: 0 };
    // Centred on what it shows whole, so that what it cuts is cut evenly at its edges.
    const inside = shown.filter((box) => box[0] >= best.left && box[1] >= best.top
      && box[0] + box[2] <= best.left + width && box[1] + box[3] <= best.top + height);
    if (!inside.length) return { left: best.left, top: best.top };
    const left = Math.min(...inside.map((box) => box[0]));
    const right = Math.max(...inside.map((box) => box[0] + box[2]));
    const top = Math.min(...inside.map((box) => box[1]));
    const bottom = Math.max(...inside.map((box) => box[1] + box[3]));
    return { left: (left + right) / 2 - width / 2, top: (top + bottom) / 2 - height / 2 };
  }

  /** A box on screen (a DOMRect) in the drawing's units, under `view`, in a pane at `frame`. */
  static toDrawing(rect, frame, view) {
    return {
      left: (rect.left - frame.left - view.x) / view.scale,
      top: (rect.top - frame.top - view.y) / view.scale,
      right: (rect.right - frame.left - view.x) / view.scale,
      bottom: (rect.bottom - frame.top - view.y) / view.scale,
    };
  }

  /** The pane's pan and zoom for `page`. */
  constructor(page) {
    this.page = page;
    this.graph = document.getElementById('graph');
    const canvas = document.getElementById('canvas');
    page.on(['view'], (state) => {
      const { x, y, scale } = state.view;
      canvas.style.transform = `translate(${x}px, ${y}px) scale(${scale})`;
    });
    new PanAndPinch(this.graph, this);
    this.graph.addEventListener('wheel', (event) => {
      event.preventDefault();
      // Chromium reports a trackpad pinch as a wheel event with the Control key.
      const rate = event.ctrlKey ? 0.01 : 0.0015;
      this.zoomAt(Math.exp(-event.deltaY * rate), event.clientX, event.clientY);
    }, { passive: false });
    document.getElementById('zoom-in').addEventListener('click', () => this.zoomCentered(1.25));
    document.getElementById('zoom-out').addEventListener('click', () => this.zoomCentered(0.8));
    document.getElementById('zoom-fit').addEventListener('click', () => this.fit());
  }

  #frame() {
    return this.graph.getBoundingClientRect();
  }

  /** The view is now `view` (not a step of the browser's history). */
  set(view) {
    this.page.set({ view }, { record: false });
  }

  /** Zooms by `factor` about a point on screen. */
  zoomAt(factor, clientX, clientY) {
    const pane = this.#frame();
    this.set(GraphView.zoomedAt(this.page.state.view, factor, clientX - pane.left, clientY - pane.top));
  }

  zoomCentered(factor) {
    const pane = this.#frame();
    this.set(GraphView.zoomedAt(this.page.state.view, factor, pane.width / 2, pane.height / 2));
  }

  fit() {
    this.set(GraphView.fitted(this.page.drawing.size, this.#frame()));
  }

  /** The scale at which the drawing's smallest label text is `pixels` high (0 for none):
   *  measured on the smallest text drawn. */
  readableScale(pixels = 9) {
    let smallest = null;
    for (const text of this.page.drawing.svg.querySelectorAll('g.node text[font-size]')) {
      if (!smallest || Number(text.getAttribute('font-size')) < Number(smallest.getAttribute('font-size'))) smallest = text;
    }
    const height = smallest ? smallest.getBoundingClientRect().height : 0;
    return height > 0 ? Math.min(2, this.page.state.view.scale * pixels / height) : 0;
  }

  /** The first view: the whole drawing where its labels are readable so (at least 9 px
   *  high); else readable, over the part that shows the most nodes whole (see
   *  readableWindow). The fit button and `0` still show the whole. */
  readableFit() {
    const frame = this.#frame();
    const whole = GraphView.fitted(this.page.drawing.size, frame);
    this.set(whole);
    const readable = this.readableScale();
    if (!readable || whole.scale >= readable) return;
    const scale = GraphView.clampScale(readable);
    const boxes = this.page.drawing.nodes.map((_, index) => this.page.minimap.boxOf(index));
    const { left, top } = GraphView.readableWindow(boxes, this.page.drawing.size, frame.width / scale, frame.height / scale);
    this.set({ x: -left * scale, y: -top * scale, scale });
  }

  /** Moves the view to node `index` (opening the groups it is in), zooming in to read it where
   *  the view is far out, or out where it is larger than the pane. */
  bringIntoView(index) {
    const page = this.page;
    if (page.neighbourhoods.isShowing(index)) return; // focus fitted its neighbourhood to the view
    const revealing = page.groups.reveal(index);
    if (revealing) {
      revealing.then(() => page.drawing.nodes[index] && this.bringIntoView(index));
      return;
    }
    const element = page.drawing.nodes[index];
    if (!element) return;
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 && rect.height === 0) return;
    const pane = this.#frame();
    const current = page.state.view;
    const box = GraphView.toDrawing(rect, pane, current);
    let scale = current.scale;
    if (rect.width > pane.width * 0.8 || rect.height > pane.height * 0.8 || current.scale < 0.5) {
      scale = GraphView.clampScale(Math.min(1, 0.8 * pane.width / Math.max(box.right - box.left, 1)));
    }
    this.set(GraphView.centredOn(box, pane, scale));
  }

  /** Moves the view to `element` (an opened group's inside) at a scale where its labels are
   *  readable: wholly in sight where it fits so, else its top left (its title bar) in sight;
   *  zooming in only as far as reading needs, out only as far as reading allows. */
  showReadable(element) {
    const pane = this.#frame();
    const current = this.page.state.view;
    const box = GraphView.toDrawing(element.getBoundingClientRect(), pane, current);
    const margin = 16;
    const fits = Math.min((pane.width - 2 * margin) / (box.right - box.left), (pane.height - 2 * margin) / (box.bottom - box.top));
    const readable = this.readableScale();
    const scale = GraphView.clampScale(readable ? Math.max(readable, Math.min(fits, current.scale)) : Math.min(fits, current.scale));
    if (scale <= fits) {
      this.set(GraphView.centredOn(box, pane, scale));
    } else {
      this.set({ x: margin - box.left * scale, y: margin - box.top * scale, scale });
    }
  }

  /** Fits the boxes of nodes `indexes` (as measured, see Minimap) in the view, below `above`
   *  pixels kept free at its top. */
  fitNodes(indexes, above = 0) {
    // A loop, not Math.min(...boxes): a neighbourhood at depth "all" may be too many arguments.
    const box = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
    for (const index of indexes) {
      const measured = this.page.minimap.boxOf(index);
      if (!measured) continue;
      box.left = Math.min(box.left, measured[0]);
      box.top = Math.min(box.top, measured[1]);
      box.right = Math.max(box.right, measured[0] + measured[2]);
      box.bottom = Math.max(box.bottom, measured[1] + measured[3]);
    }
    if (box.left !== Infinity) this.set(GraphView.fittedBox(box, this.#frame(), { above }));
  }

  /** Fits a drawing of `size` in the pane below `above` pixels, at most twice its size. */
  fitSize(size, above = 0) {
    const pane = this.#frame();
    const scale = Math.max(GraphView.minimumScale, Math.min(2, (pane.width - 48) / Math.max(size.width, 1),
      (pane.height - above - 48) / Math.max(size.height, 1)));
    this.set({ x: (pane.width - size.width * scale) / 2, y: above + (pane.height - above - size.height * scale) / 2, scale });
  }
}

if (typeof module === 'object' && module.exports) module.exports = GraphView;
