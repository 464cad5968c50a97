// Pointer gestures on the graph pane (see graph-view.js).
/** Dragging the pane pans it, two pointers pinch to zoom; a press and release without moving
 *  is a click, which goes to the page (`page.clickGraph`). */
class PanAndPinch {
  constructor(graph, view) {
    this.view = view;
    this.pointers = new Map();
    this.drag = null;
    this.pinch = null;
    this.moved = false;
    graph.addEventListener('pointerdown', (event) => {
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      graph.setPointerCapture(event.pointerId);
      this.#press(event);
    });
    graph.addEventListener('pointermove', (event) => this.#move(event, graph));
    graph.addEventListener('pointerup', (event) => {
      const isClick = !this.moved && this.pointers.size === 1 && this.pointers.has(event.pointerId);
      this.#release(event, graph);
      if (isClick) view.page.clickGraph(document.elementFromPoint(event.clientX, event.clientY));
    });
    graph.addEventListener('pointercancel', (event) => this.#release(event, graph));
  }

  #press(event) {
    this.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (this.pointers.size === 1) {
      this.moved = false;
      this.drag = { x: event.clientX, y: event.clientY, view: this.view.page.state.view };
    } else if (this.pointers.size === 2) {
      const [a, b] = [...this.pointers.values()];
      this.pinch = Math.hypot(a.x - b.x, a.y - b.y);
      this.drag = null;
      this.moved = true;
    }
  }

  #move(event, graph) {
    if (!this.pointers.has(event.pointerId)) return;
    this.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (this.pinch !== null && this.pointers.size === 2) {
      const [a, b] = [...this.pointers.values()];
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      if (this.pinch > 0 && distance > 0) this.view.zoomAt(distance / this.pinch, (a.x + b.x) / 2, (a.y + b.y) / 2);
      this.pinch = distance;
    } else if (this.drag) {
      const dx = event.clientX - this.drag.x;
      const dy = event.clientY - this.drag.y;
      if (!this.moved && Math.abs(dx) + Math.abs(dy) > 4) {
        this.moved = true;
        graph.classList.add('panning');
      }
      if (this.moved) this.view.set({ ...this.drag.view, x: this.drag.view.x + dx, y: this.drag.view.y + dy });
    }
  }

  #release(event, graph) {
    this.pointers.delete(event.pointerId);
    if (this.pointers.size < 2) this.pinch = null;
    if (this.pointers.size === 0) {
      this.drag = null;
      graph.classList.remove('panning');
    }
  }
}
