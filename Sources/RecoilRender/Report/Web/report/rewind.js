// Stepping back and forth through the timeline: ← → (and the scrubber under the timeline) choose
// the previous and next shown entry, Home and End the first and last, play steps through the
// shown entries every 400 ms until the last. Choosing an entry sets every value in the graph
// back to what it was then (graph-labels.js).
class Rewind {
  constructor(page) {
    this.page = page;
    this.scrubber = document.getElementById('scrubber');
    this.play = document.getElementById('play');
    this.playing = null;
    page.on(['entry'], (state) => {
      if (state.entry >= 0) this.scrubber.value = String(state.entry);
      else this.stop();
    });
    this.scrubber.addEventListener('input', () => page.choose(Number(this.scrubber.value)));
    this.play.addEventListener('click', () => this.#toggle());
    this.refresh();
  }

  /** Chooses the entry `delta` shown entries away from the chosen one. */
  step(delta) {
    const target = TimelineFilter.stepWithin(this.page.timeline.shown(), this.page.state.entry, delta);
    if (target !== undefined) this.page.choose(target);
  }

  first() {
    const shown = this.page.timeline.shown();
    if (shown.length) this.page.choose(shown[0]);
  }

  last() {
    const shown = this.page.timeline.shown();
    if (shown.length) this.page.choose(shown[shown.length - 1]);
  }

  stop() {
    if (this.playing !== null) clearInterval(this.playing);
    this.playing = null;
    this.play.textContent = '▶';
    this.play.setAttribute('aria-label', 'Play');
  }

  /** The scrubber's length again, after the timeline grew. */
  refresh() {
    const length = this.page.model.timeline.length;
    this.scrubber.max = String(Math.max(0, length - 1));
    this.scrubber.disabled = !length;
    this.play.disabled = !length;
  }

  #toggle() {
    if (this.playing !== null) {
      this.stop();
      return;
    }
    const shown = this.page.timeline.shown();
    if (this.page.state.entry >= 0 && TimelineFilter.positionIn(shown, this.page.state.entry) >= shown.length - 1) this.page.choose(shown[0]);
    this.play.textContent = '❚❚';
    this.play.setAttribute('aria-label', 'Pause');
    this.playing = setInterval(() => {
      const before = this.page.state.entry;
      this.step(1);
      if (this.page.state.entry === before) this.stop();
    }, 400);
  }
}
