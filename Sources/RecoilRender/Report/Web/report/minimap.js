// Where the view is: a minimap of the whole graph with the part in view outlined (click or drag
// in it to go there), and a ring that keeps the selected node findable when the graph is zoomed
// out so far that the node itself is a speck (the ring does not scale). It also measures each
// node's box in the drawing's units, once per drawing, for fitting boxes in the view.
class Minimap {
  /** Whether the outline `shown` ([x, y, width, height], minimap pixels) holds the whole
   *  minimap of `width` by `height`: then the minimap says nothing. */
  static seesAll(shown, width, height) {
    return shown[0] <= 1 && shown[1] <= 1 && shown[0] + shown[2] >= width - 1 && shown[1] + shown[3] >= height - 1;
  }

  constructor(page) {
    this.page = page;
    this.graph = document.getElementById('graph');
    this.canvas = document.getElementById('canvas');
    this.minimap = Object.assign(document.createElement('canvas'), { id: 'minimap' });
    this.minimap.setAttribute('role', 'img');
    this.minimap.setAttribute('aria-label', 'Minimap: the whole graph, with the part in view outlined');
    this.marker = Object.assign(document.createElement('div'), { id: 'selection-marker', hidden: true });
    this.graph.append(this.minimap, this.marker);
    this.base = document.createElement('canvas');
    this.boxes = null; // each node's box in graph units, measured once the page is laid out
    this.scale = 1;
    page.on(['view', 'node'], () => this.#update());
    page.drawing.onChange(() => this.measure());
    this.#listen();
    window.addEventListener('resize', () => {
      if (this.boxes) this.#drawBase();
      this.#update();
    });
  }

  /** Node `index`'s box in the drawing's units, [x, y, width, height], as last measured. */
  boxOf(index) {
    return this.boxes ? this.boxes[index] : null;
  }

  /** Measures the nodes again (a newer drawing, an opened group), and draws. */
  measure() {
    const origin = this.canvas.getBoundingClientRect();
    const scale = this.page.state.view.scale;
    this.boxes = this.page.drawing.nodes.map((element) => {
      if (!element) return null;
      const box = element.getBoundingClientRect();
      return [(box.left - origin.left) / scale, (box.top - origin.top) / scale, box.width / scale, box.height / scale];
    });
    this.#drawBase();
    this.#update();
  }

  // The nodes, drawn once into a canvas of their own; each view change copies it and outlines
  // the view, so panning a 30,000-node graph does not redraw 30,000 boxes.
  #drawBase() {
    const size = this.page.drawing.size;
    const longest = window.innerWidth <= 700 ? 72 : 160;
    this.scale = longest / Math.max(size.width, size.height);
    const ratio = window.devicePixelRatio || 1;
    const width = Math.max(8, Math.round(size.width * this.scale));
    const height = Math.max(8, Math.round(size.height * this.scale));
    for (const target of [this.minimap, this.base]) {
      target.width = Math.round(width * ratio);
      target.height = Math.round(height * ratio);
    }
    this.minimap.style.width = `${width}px`;
    this.minimap.style.height = `${height}px`;
    const context = this.base.getContext('2d');
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.fillStyle = '#adb5bd';
    const scale = this.scale;
    for (const box of this.boxes) {
      if (box) context.fillRect(box[0] * scale, box[1] * scale, Math.max(1, box[2] * scale), Math.max(1, box[3] * scale));
    }
  }

  #draw() {
    if (!this.boxes) return;
    const { minimap, scale } = this;
    const ratio = window.devicePixelRatio || 1;
    const context = minimap.getContext('2d');
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.clearRect(0, 0, minimap.width, minimap.height);
    context.drawImage(this.base, 0, 0);
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    const node = this.page.state.node;
    const box = node !== null && this.boxes[node];
    if (box) {
      context.fillStyle = '#1864ab';
      context.fillRect(box[0] * scale - 2, box[1] * scale - 2, Math.max(1, box[2] * scale) + 4, Math.max(1, box[3] * scale) + 4);
    }
    const frame = this.graph.getBoundingClientRect();
    const view = this.page.state.view;
    const shown = [-view.x / view.scale, -view.y / view.scale, frame.width / view.scale, frame.height / view.scale]
      .map((value) => value * scale);
    context.strokeStyle = '#1864ab';
    context.lineWidth = 1.5;
    context.strokeRect(...shown);
    minimap.dataset.view = shown.map((value) => value.toFixed(1)).join(',');
    // Needed only where the view leaves something out, or draws the nodes too small to read:
    // over a small graph seen whole it would only cover the graph (and its legend).
    minimap.hidden = Minimap.seesAll(shown, parseFloat(minimap.style.width), parseFloat(minimap.style.height)) && view.scale >= 0.5;
  }

  #placeMarker() {
    const node = this.page.state.node;
    const element = node !== null ? this.page.drawing.nodes[node] : null;
    const box = element && element.getBoundingClientRect();
    // Only while the node is too small to find by itself.
    if (!box || Math.max(box.width, box.height) >= 12) {
      this.marker.hidden = true;
      return;
    }
    const frame = this.graph.getBoundingClientRect();
    this.marker.hidden = false;
    this.marker.style.left = `${box.left - frame.left + box.width / 2}px`;
    this.marker.style.top = `${box.top - frame.top + box.height / 2}px`;
  }

  #update() {
    this.#draw();
    this.#placeMarker();
  }

  // A press or drag in the minimap moves the view there.
  #listen() {
    const goTo = (event) => {
      const bounds = this.minimap.getBoundingClientRect();
      const frame = this.graph.getBoundingClientRect();
      const x = (event.clientX - bounds.left) / this.scale;
      const y = (event.clientY - bounds.top) / this.scale;
      const view = this.page.state.view;
      this.page.set({ view: { x: frame.width / 2 - x * view.scale, y: frame.height / 2 - y * view.scale, scale: view.scale } }, { record: false });
    };
    let dragging = false;
    this.minimap.addEventListener('pointerdown', (event) => {
      event.stopPropagation();
      dragging = true;
      goTo(event);
      this.minimap.setPointerCapture(event.pointerId);
    });
    this.minimap.addEventListener('pointermove', (event) => {
      event.stopPropagation();
      if (dragging) goTo(event);
    });
    for (const name of ['pointerup', 'pointercancel']) {
      this.minimap.addEventListener(name, (event) => {
        event.stopPropagation();
        dragging = false;
      });
    }
  }
}

if (typeof module === 'object' && module.exports) module.exports = Minimap;
