// The live page: lists the sessions `live --serve` has seen (one per app connection) from its
// event stream (live-sessions.js), and shows the chosen one's report in a frame, kept current
// (live-schedule.js): what arrived is appended to it in place (`/delta`), and when the graph
// changed shape it is laid out again in place (`/report`, the report's `replace`), keeping
// what the user typed, chose, opened and focused. "Follow" chooses the latest entry as it
// arrives; choosing an entry or a node in the report stops it. The report's details get the
// controls of a running app that allows them (live-control.js); while the app is jumped to an
// earlier entry the bar says so, with a button to resume. The address holds the session and
// what its report has chosen (`#session=2&seq=74&node=Cart.total`), so a live view can be
// reloaded or shared. Every request carries the token from the page's own address. Text from
// apps is written only through textContent.
class LivePage {
  constructor() {
    this.token = new URLSearchParams(location.search).get('token') ?? '';
    this.follow = document.getElementById('follow');
    this.frames = document.getElementById('frames');
    this.status = document.getElementById('status');
    const opened = LiveSessions.fromAddress(location.hash);
    this.sessions = [];
    this.chosen = opened.session;
    // What the address asked the first report to show (the live page reloaded or shared).
    this.asked = opened.seq !== null || opened.node !== null ? opened : null;
    if (this.asked) this.follow.checked = false; // a shared view shows what it names, not the latest
    this.shown = null; // { number, version, entries, needsLayout, frame }
    this.loading = null;
    this.busy = false;
    this.lastRequest = 0;
    this.lastLayout = 0;
    this.waiting = null;
    this.shownJump = null;
    this.#listen();
    this.draw();
    document.documentElement.setAttribute('data-ready', 'true');
  }

  #withToken(path, extra = {}) {
    return `${path}?${new URLSearchParams({ token: this.token, ...extra })}`;
  }

  #count(name) {
    this.frames.dataset[name] = String(Number(this.frames.dataset[name] || 0) + 1);
  }

  #session(number) {
    return this.sessions.find((session) => session.number === number);
  }

  /** The report shown (its `window.recoilReport`), or null. */
  report() {
    try {
      return this.shown ? this.shown.frame.contentWindow.recoilReport ?? null : null;
    } catch {
      return null; // an error page
    }
  }

  #writeAddress(state) {
    if (this.chosen === null) return;
    history.replaceState(null, '', `${location.pathname}${location.search}${LiveSessions.address(this.chosen, state)}`);
  }

  /** The sessions, and the bar of an app jumped to an earlier entry; the report shows the entry
   *  the app is at (once, so the user may look elsewhere). */
  draw() {
    LiveSessions.draw(this.sessions, this.chosen, (number) => this.choose(number));
    const current = this.#session(this.chosen);
    const jumpedTo = LiveSessions.jumpedTo(current);
    if (jumpedTo === undefined) {
      this.shownJump = null;
      return;
    }
    const key = `${current.number}:${jumpedTo}`;
    if (this.shownJump !== key && this.shown && this.shown.number === current.number && this.report()?.choose(jumpedTo)) this.shownJump = key;
  }

  choose(number) {
    if (this.chosen === number) return;
    this.chosen = number;
    this.asked = null;
    this.#writeAddress(null);
    this.draw();
    this.update();
  }

  /** Keeps the report current (see LiveSchedule). */
  update() {
    if (!this.sessions.length) return;
    if (this.chosen === null || !this.#session(this.chosen)) {
      this.chosen = LiveSessions.newest(this.sessions).number;
      this.#writeAddress(null);
      this.draw();
    }
    const session = this.#session(this.chosen);
    const decision = LiveSchedule.decide({
      session, shown: this.shown, busy: this.busy || this.loading !== null, now: Date.now(),
      lastRequest: this.lastRequest, lastLayout: this.lastLayout,
    });
    if (decision.action === 'wait') {
      if (!this.waiting) this.waiting = setTimeout(() => { this.waiting = null; this.update(); }, decision.until - Date.now());
    } else if (decision.action === 'load') {
      this.#load(session);
    } else if (decision.action === 'extend') {
      this.#request(() => this.#extend(session));
    } else if (decision.action === 'relayout') {
      this.#request(() => this.#relayout(session));
    }
  }

  async #request(work) {
    this.busy = true;
    this.lastRequest = Date.now();
    try {
      await work();
    } catch {
      this.status.textContent = 'could not reach recoil-inspect; retrying';
    }
    this.busy = false;
    this.update();
  }

  // What arrived since the shown report's latest entry, appended; when its layout no longer
  // holds (the server says `reload`), it is laid out again next.
  async #extend(session) {
    const state = this.report().state();
    const response = await fetch(this.#withToken('/delta', {
      session: String(session.number), shape: String(state.shape), after: String(state.latestSeq ?? 0),
    }));
    const delta = await response.json();
    if (delta.reload) {
      this.shown.needsLayout = true;
      return;
    }
    this.report().extend(delta);
    this.shown.version = session.version;
    this.shown.entries = this.report().state().entries;
    this.frames.dataset.shownSeq = String(delta.latestSeq ?? state.latestSeq);
    this.#count('deltas');
  }

  // The session's report made again, put in place of the one shown (see report-host.js).
  async #relayout(session) {
    this.lastLayout = Date.now();
    const response = await fetch(this.#withToken('/report', { session: String(session.number), v: String(session.version) }));
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const text = await response.text();
    if (!this.shown || this.shown.number !== session.number || !this.report()?.replace(text)) return;
    const state = this.report().state();
    Object.assign(this.shown, { version: session.version, entries: state.entries, needsLayout: false });
    this.frames.dataset.shownVersion = String(session.version);
    this.frames.dataset.shownSeq = String(state.latestSeq ?? 0);
    this.#count('relayouts');
  }

  // A session's first report, in a frame of its own, shown once it is ready.
  #load(session) {
    const hash = new URLSearchParams();
    const asked = this.asked;
    if (asked && asked.session === session.number) {
      if (asked.seq !== null) hash.set('seq', String(asked.seq));
      if (asked.node !== null) hash.set('node', asked.node);
    }
    const frame = document.createElement('iframe');
    frame.className = 'loading';
    frame.title = `Report of ${session.name}`;
    frame.dataset.session = String(session.number);
    frame.src = this.#withToken('/report', { session: String(session.number), v: String(session.version) }) + (hash.size ? `#${hash}` : '');
    const attempt = { number: session.number, version: session.version, entries: 0, needsLayout: false, frame };
    this.loading = attempt;
    this.lastLayout = Date.now();
    frame.addEventListener('load', () => this.#waitUntilReady(attempt));
    this.frames.append(frame);
  }

  #waitUntilReady(attempt) {
    if (this.loading !== attempt) return;
    let ready;
    try {
      ready = attempt.frame.contentDocument.documentElement.getAttribute('data-ready') === 'true';
    } catch {
      ready = true; // an error page: show it
    }
    if (!ready) {
      setTimeout(() => this.#waitUntilReady(attempt), 30);
      return;
    }
    attempt.frame.classList.remove('loading');
    if (this.shown) this.shown.frame.remove();
    this.shown = attempt;
    this.loading = null;
    this.asked = null;
    this.shownJump = null;
    this.#connect(attempt);
    this.draw();
    const dataset = this.frames.dataset;
    dataset.shownSession = String(attempt.number);
    dataset.shownVersion = String(attempt.version);
    dataset.shownSeq = String(this.report()?.state().latestSeq ?? 0);
    this.#count('loads');
    this.update();
  }

  // The report's tools, where it asks for layouts, Follow, and the address kept with it.
  #connect(attempt) {
    const report = this.report();
    if (!report) return;
    attempt.entries = report.state().entries;
    report.setTools(new LiveControl({
      ask: (request) => this.ask(request),
      connected: () => Boolean(this.#session(this.chosen)?.connected),
      answered: (answer, line) => {
        // Also in the bar; and the details show the app as of what it did.
        const bar = document.getElementById('control-answer');
        bar.className = line.className;
        bar.textContent = line.textContent;
        if (answer.ok && Number.isInteger(answer.seq)) this.report()?.showAsOf(answer.seq);
      },
    }));
    // The server lays out on demand what the report lacks: a group's inside when it is
    // opened, a neighbourhood when focus shows it.
    const session = String(attempt.number);
    report.setLayoutSource((wanted) => {
      const shape = String(report.state().shape);
      const address = wanted.group !== undefined
        ? this.#withToken('/inside', { session, shape, group: String(wanted.group) })
        : this.#withToken('/neighbourhood', { session, shape, node: String(wanted.node), depth: String(wanted.depth) });
      return fetch(address).then((response) => (response.ok ? response.text() : null));
    });
    report.onChange((state) => {
      this.follow.checked = state.follow;
      this.#writeAddress(state);
    });
    report.setFollow(this.follow.checked);
    this.#writeAddress(report.state());
  }

  /** Sends a control request to the chosen session's app: one POST to /control. */
  async ask(request) {
    const session = this.#session(this.chosen);
    if (!session) return null;
    try {
      const response = await fetch(this.#withToken('/control', { session: String(session.number) }), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...request, by: 'live page' }),
      });
      return await response.json().catch(() => ({ ok: false, message: `HTTP ${response.status}` }));
    } catch {
      return { ok: false, message: 'could not reach recoil-inspect' };
    }
  }

  #listen() {
    document.getElementById('resume').addEventListener('click', async () => {
      const line = document.getElementById('resume-answer');
      line.textContent = 'asking the app…';
      const answer = await this.ask({ control: 'resume' });
      if (!answer) return;
      line.className = `answer ${answer.ok ? 'ok' : 'refused'}`;
      line.textContent = LiveControl.answerText(answer);
    });
    this.follow.addEventListener('change', () => this.report()?.setFollow(this.follow.checked));
    const source = new EventSource(this.#withToken('/events'));
    source.addEventListener('sessions', (event) => {
      this.sessions = JSON.parse(event.data).sessions;
      this.draw();
      this.update();
    });
    source.addEventListener('open', () => { if (!this.sessions.length) this.status.textContent = 'waiting for an app to connect'; });
    source.addEventListener('error', () => { this.status.textContent = 'reconnecting to recoil-inspect…'; });
  }
}

new LivePage();
