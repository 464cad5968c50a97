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

  /** Moves the view (zooming out if it must, never in) until `element` is wholly in sight. */
  showWhole(element) {
    const pane = this.#frame();
    const rect = element.getBoundingClientRect();
    if (rect.left >= pane.left && rect.right <= pane.right && rect.top >= pane.top && rect.bottom <= pane.bottom) return;
    const margin = 16;
    const current = this.page.state.view;
    const fits = Math.min((pane.width - 2 * margin) / rect.width, (pane.height - 2 * margin) / rect.height);
    const scale = fits < 1 ? GraphView.clampScale(current.scale * fits) : current.scale;
    this.set(GraphView.centredOn(GraphView.toDrawing(rect, pane, current), pane, scale));
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
