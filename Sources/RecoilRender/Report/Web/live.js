// The live page's script: lists the sessions `live --serve` has seen (one per app
// connection) from its event stream, and shows the chosen one's report in a frame. When the
// session changes, what arrived is appended to the report in place (`/delta`: the entries
// after its latest and the nodes they touched), as long as its layout holds; when the graph
// changed shape, a newer report is loaded into a hidden frame and swapped in once it is ready
// (data-ready), with the same view (pan and zoom), chosen entry and node. At most one request
// is in flight and they are at least `minimumGap` apart, so the page redraws at most a few
// times a second however fast events come. "Follow" chooses the latest entry each time;
// choosing another entry in the report stops following.
//
// When the app allows it (InspectorConfiguration.remoteControl), the report's details get
// controls: a node's value editor (JSON, checked before it is sent), reset and stubs; an
// entry's "jump here" and "skip"; a store's dispatch form, with its action type's cases (each
// filling in an example the app gives) and the last actions sent. Each is a POST to /control,
// and the app's answer is shown beside it. While the app is jumped to
// an earlier entry the bar says so, with a button to resume, and the report shows that entry.
//
// Every request carries the token from the page's own address. Text from apps is written
// only through textContent.
(() => {
  'use strict';
  const token = new URLSearchParams(location.search).get('token') ?? '';
  const withToken = (path, extra = {}) => {
    const query = new URLSearchParams({ token, ...extra });
    return `${path}?${query}`;
  };
  const minimumGap = 400;
  const list = document.getElementById('sessions');
  const status = document.getElementById('status');
  const follow = document.getElementById('follow');
  const frames = document.getElementById('frames');
  const empty = document.getElementById('empty');
  const jumped = document.getElementById('jumped');
  const jumpedText = document.getElementById('jumped-text');
  const resume = document.getElementById('resume');
  const lastAnswer = document.getElementById('control-answer');

  let sessions = [];
  let chosen = Number(new URLSearchParams(location.hash.slice(1)).get('session')) || null;
  let shown = null; // { number, version, frame }
  let loading = null;
  let lastLoad = 0;
  let pending = null;
  // The entry follow chose last: another one in the report means the user chose it.
  let followedSeq = null;

  function render() {
    list.replaceChildren();
    for (const session of sessions) {
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.session = String(session.number);
      button.className = session.connected ? 'live' : 'ended';
      button.setAttribute('aria-pressed', String(session.number === chosen));
      button.title = session.connected ? 'Connected' : 'Disconnected: what it sent stays readable';
      const dot = document.createElement('span');
      dot.className = 'dot';
      const name = document.createElement('span');
      name.className = 'name';
      name.textContent = session.name;
      const meta = document.createElement('span');
      meta.className = 'meta';
      meta.textContent = `${session.entries} entries${session.connected ? '' : ' · ended'}`;
      button.append(dot, name, meta);
      if (session.jumpedTo !== undefined && session.connected) {
        const mark = document.createElement('span');
        mark.className = 'jumped';
        mark.textContent = `jumped to #${session.jumpedTo}`;
        button.append(mark);
      }
      if (session.dropped > 0 || session.trimmed > 0) {
        const drops = document.createElement('span');
        drops.className = 'drops';
        const parts = [];
        if (session.dropped > 0) parts.push(`${session.dropped} dropped by the app`);
        if (session.trimmed > 0) parts.push(`${session.trimmed} oldest let go`);
        drops.textContent = parts.join(' · ');
        button.append(drops);
      }
      button.addEventListener('click', () => choose(session.number));
      list.append(button);
    }
    const connected = sessions.filter((session) => session.connected).length;
    status.textContent = sessions.length
      ? `${connected} connected · ${sessions.length} session${sessions.length === 1 ? '' : 's'}`
      : 'waiting for an app to connect';
    empty.hidden = sessions.length > 0;
    const current = sessions.find((session) => session.number === chosen);
    const jumpedTo = current && current.connected ? current.jumpedTo : undefined;
    jumped.hidden = jumpedTo === undefined;
    if (jumpedTo !== undefined) {
      jumpedText.textContent = `${current.name} is jumped to #${jumpedTo}: it shows its state as of that entry, and holds its own actions until it resumes.`;
      // The report shows the entry the app is at (once, so the user may look elsewhere).
      if (shownJump !== `${current.number}:${jumpedTo}`) {
        follow.checked = false;
        try {
          if (shown && shown.number === current.number && shown.frame.contentWindow.recoilReport.choose(jumpedTo)) {
            shownJump = `${current.number}:${jumpedTo}`;
          }
        } catch {
          // A report still loading chooses it when it is shown.
        }
      }
    } else {
      shownJump = null;
    }
  }
  let shownJump = null;

  // ---- Control of the running app: one POST to /control per request, its answer shown.
  // Sends a control request to the chosen session's app; its answer, `{ok, message}`.
  async function ask(request) {
    const session = sessions.find((candidate) => candidate.number === chosen);
    if (!session) return null;
    try {
      const response = await fetch(withToken('/control', { session: String(session.number) }), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...request, by: 'live page' }),
      });
      return await response.json().catch(() => ({ ok: false, message: `HTTP ${response.status}` }));
    } catch {
      return { ok: false, message: 'could not reach recoil-inspect' };
    }
  }

  async function control(request, answerLine) {
    if (!sessions.some((candidate) => candidate.number === chosen)) return null;
    answerLine.className = 'answer';
    answerLine.textContent = 'asking the app…';
    const answer = await ask(request);
    if (!answer) return null;
    answerLine.className = `answer ${answer.ok ? 'ok' : 'refused'}`;
    answerLine.textContent = answer.ok ? answer.message : `Refused: ${answer.message}`;
    answerLine.dataset.ok = String(Boolean(answer.ok));
    // Also in the bar: the report may be made again (a new shape) before it is read.
    lastAnswer.className = answerLine.className;
    lastAnswer.textContent = answerLine.textContent;
    return answer;
  }

  // JSON text checked before it is sent: the parsed text, or why not.
  function checkJSON(text) {
    try {
      JSON.parse(text);
      return null;
    } catch (error) {
      return `Not JSON: ${error.message}`;
    }
  }

  // The last actions sent to each store, newest first, kept in this browser.
  const recentKey = (store) => `recoil-inspect.recent-actions.${store}`;
  function recentActions(store) {
    try {
      const list = JSON.parse(localStorage.getItem(recentKey(store)) ?? '[]');
      return Array.isArray(list) ? list.filter((item) => typeof item === 'string').slice(0, 8) : [];
    } catch {
      return [];
    }
  }
  function remember(store, text) {
    const list = [text, ...recentActions(store).filter((item) => item !== text)].slice(0, 8);
    try { localStorage.setItem(recentKey(store), JSON.stringify(list)); } catch { /* private mode */ }
  }

  function makeTools() {
    const element = (box, tag, className, text) => {
      const made = box.ownerDocument.createElement(tag);
      if (className) made.className = className;
      if (text !== undefined) made.textContent = text;
      return made;
    };
    const button = (box, text, onClick, primary = false) => {
      const made = element(box, 'button', primary ? 'primary' : null, text);
      made.type = 'button';
      made.addEventListener('click', onClick);
      return made;
    };
    const answerLine = (box) => {
      const line = element(box, 'p', 'answer');
      line.setAttribute('role', 'status');
      return line;
    };
    return {
      node(node, box) {
        if (!sessions.find((session) => session.number === chosen)?.connected) return;
        const answer = answerLine(box);
        if (node.kind === 'atom') {
          box.append(element(box, 'h3', null, 'Set from the tool'));
          const editor = element(box, 'textarea');
          editor.setAttribute('aria-label', `New value of ${node.id}, as JSON`);
          editor.spellcheck = false;
          editor.placeholder = 'a value as JSON, such as "EUR" or 12';
          if (node.value !== undefined && checkJSON(node.value) === null) editor.value = node.value;
          const row = element(box, 'div', 'row');
          row.append(
            button(box, 'Set', () => {
              const problem = checkJSON(editor.value);
              if (problem) {
                answer.className = 'answer refused';
                answer.textContent = problem;
                editor.setAttribute('aria-invalid', 'true');
                return;
              }
              editor.removeAttribute('aria-invalid');
              control({ control: 'set', node: node.id, value: JSON.parse(editor.value) }, answer);
            }, true),
            button(box, 'Reset', () => control({ control: 'reset', node: node.id }, answer)));
          box.append(editor, row, answer);
        } else if (node.kind === 'selector' && node.owner === undefined) {
          box.append(element(box, 'h3', null, 'Stub from the tool'));
          const editor = element(box, 'textarea');
          editor.setAttribute('aria-label', `A value for ${node.id}, as JSON`);
          editor.spellcheck = false;
          editor.placeholder = 'a value as JSON';
          const message = element(box, 'input');
          message.type = 'text';
          message.placeholder = 'an error message';
          message.setAttribute('aria-label', `An error for ${node.id}`);
          const row = element(box, 'div', 'row');
          row.append(
            button(box, 'Stub value', () => {
              const problem = checkJSON(editor.value);
              if (problem) {
                answer.className = 'answer refused';
                answer.textContent = problem;
                return;
              }
              control({ control: 'stub', node: node.id, value: JSON.parse(editor.value) }, answer);
            }),
            button(box, 'Stub error', () => control({ control: 'stub', node: node.id, error: message.value || 'stubbed from the tool' }, answer)),
            button(box, 'Stub loading', () => control({ control: 'stub', node: node.id, loading: true }, answer)),
            button(box, 'Remove stub', () => control({ control: 'unstub', node: node.id }, answer)));
          box.append(editor, message, row, answer);
        } else if (node.kind === 'store') {
          box.append(element(box, 'h3', null, `Dispatch to ${node.id}`));
          const editor = element(box, 'textarea');
          editor.setAttribute('aria-label', `An action for ${node.id}, as JSON`);
          editor.spellcheck = false;
          editor.placeholder = 'an action as JSON, as its Codable conformance writes it';
          const recent = element(box, 'div', 'recent');
          const showRecent = () => {
            recent.replaceChildren();
            for (const text of recentActions(node.id)) {
              const item = button(box, text, () => { editor.value = text; });
              item.title = 'Use this action again';
              recent.append(item);
            }
          };
          showRecent();
          // The action type's cases, each a button that puts an example in the editor: the
          // latest the app recorded, or an empty payload. Asked of the app, which answers
          // only when it allows dispatch (an older app does not know the question).
          const cases = element(box, 'div', 'cases');
          cases.setAttribute('role', 'group');
          cases.setAttribute('aria-label', `Cases of ${node.id}'s actions`);
          ask({ control: 'actions', store: node.id }).then((answer) => {
            if (!answer || !answer.ok) return;
            let described;
            try {
              described = JSON.parse(answer.message);
            } catch {
              return;
            }
            if (!described || !Array.isArray(described.cases)) return;
            cases.append(element(box, 'span', 'hint', `${String(described.type ?? 'Action')}:`));
            for (const item of described.cases) {
              if (typeof item.case !== 'string') continue;
              const example = typeof item.example === 'string' ? item.example : `{${JSON.stringify(item.case)}:{}}`;
              const chosenCase = button(box, item.case, () => {
                editor.value = example;
                editor.focus();
              });
              chosenCase.title = item.recorded
                ? `The latest recorded: ${example}`
                : typeof item.example === 'string' ? example : 'None recorded: its payload goes inside by label (_0 where unlabelled)';
              cases.append(chosenCase);
            }
          });
          const row = element(box, 'div', 'row');
          row.append(button(box, 'Dispatch', async () => {
            const problem = checkJSON(editor.value);
            if (problem) {
              answer.className = 'answer refused';
              answer.textContent = problem;
              return;
            }
            const sent = editor.value.trim();
            const result = await control({ control: 'dispatch', store: node.id, action: JSON.parse(sent) }, answer);
            if (result && result.ok) {
              remember(node.id, sent);
              showRecent();
            }
          }, true));
          box.append(editor, cases, row, recent, answer);
        }
      },
      entry(entry, box) {
        if (entry.seq === undefined || !sessions.find((session) => session.number === chosen)?.connected) return;
        // The app's own number: past 2^53 the page numbers entries from a base and the entry
        // says its own as text (seqText), sent exactly as written, or not at all.
        const seq = entry.seqText === undefined ? entry.seq : JSON.rawJSON ? JSON.rawJSON(entry.seqText) : undefined;
        if (seq === undefined) return;
        const answer = answerLine(box);
        const row = element(box, 'div', 'row');
        row.append(button(box, 'Jump here', () => control({ control: 'jump', seq }, answer), true));
        if (entry.kind === 'action') row.append(button(box, 'Skip', () => control({ control: 'skip', seq }, answer)));
        box.append(element(box, 'h3', null, 'The running app'), row, answer);
      },
    };
  }

  resume.addEventListener('click', () => control({ control: 'resume' }, document.getElementById('resume-answer')));

  function choose(number) {
    if (chosen === number) return;
    chosen = number;
    history.replaceState(null, '', `${location.pathname}${location.search}#session=${number}`);
    render();
    update(true);
  }

  // What the report shown has chosen and holds (see report.js's recoilReport.state).
  function reportState() {
    try {
      return shown ? shown.frame.contentWindow.recoilReport?.state() ?? null : null;
    } catch {
      return null;
    }
  }

  // Follow chooses the latest entry; an entry the user chose instead stops it.
  function userChoseAnotherEntry(state) {
    return follow.checked && followedSeq !== null && state && state.seq !== null && state.seq !== followedSeq;
  }

  function update(now = false) {
    if (!sessions.length) return;
    if (!chosen || !sessions.some((session) => session.number === chosen)) {
      // The newest connected session, else the newest.
      const connected = sessions.filter((session) => session.connected);
      chosen = (connected.length ? connected : sessions).at(-1).number;
      render();
    }
    const session = sessions.find((candidate) => candidate.number === chosen);
    if (shown && shown.number === session.number && shown.version === session.version) return;
    if (loading || extending) return; // when it finishes, it looks again
    const wait = now ? 0 : Math.max(0, lastLoad + minimumGap - Date.now());
    if (wait > 0) {
      if (!pending) pending = setTimeout(() => { pending = null; update(); }, wait);
      return;
    }
    const state = shown && shown.number === session.number ? reportState() : null;
    // A report that holds far more than its session keeps (the oldest were let go) is made
    // again; otherwise what arrived is appended to it.
    if (state && state.shape !== null && state.entries <= 2 * Math.max(session.entries, 1000)) {
      extend(session, state);
    } else {
      load(session, state);
    }
  }

  // Appends what arrived since the shown report's latest entry, or makes it again when its
  // layout no longer holds (the server says `reload`).
  let extending = false;
  async function extend(session, state) {
    extending = true;
    lastLoad = Date.now();
    if (userChoseAnotherEntry(state)) follow.checked = false;
    try {
      const response = await fetch(withToken('/delta', {
        session: String(session.number), shape: String(state.shape), after: String(state.latestSeq ?? 0),
      }));
      const delta = await response.json();
      if (delta.reload) {
        extending = false;
        load(session, state);
        return;
      }
      shown.frame.contentWindow.recoilReport.extend(delta, follow.checked);
      if (follow.checked && delta.latestSeq !== undefined) followedSeq = delta.latestSeq;
      shown.version = session.version;
      frames.dataset.shownSeq = String(delta.latestSeq ?? state.latestSeq);
      frames.dataset.deltas = String(Number(frames.dataset.deltas || 0) + 1);
    } catch {
      status.textContent = 'could not reach recoil-inspect; retrying';
    }
    extending = false;
    update();
  }

  function load(session, state = null) {
    lastLoad = Date.now();
    const hash = new URLSearchParams();
    if (state && state.node !== null) hash.set('node', state.node);
    if (userChoseAnotherEntry(state)) follow.checked = false;
    if (follow.checked && session.latestSeq !== null && session.latestSeq !== undefined) {
      hash.set('seq', String(session.latestSeq));
      followedSeq = session.latestSeq;
    } else if (state && state.seq !== null) {
      hash.set('seq', String(state.seq));
    }
    const frame = document.createElement('iframe');
    frame.className = 'loading';
    frame.title = `Report of ${session.name}`;
    frame.dataset.session = String(session.number);
    frame.src = withToken('/report', { session: String(session.number), v: String(session.version) }) + (hash.size ? `#${hash}` : '');
    loading = { number: session.number, version: session.version, latestSeq: session.latestSeq ?? 0, frame };
    frame.addEventListener('load', () => waitUntilReady(loading));
    frames.append(frame);
  }

  function waitUntilReady(attempt) {
    if (!attempt || loading !== attempt) return;
    let ready = false;
    try {
      ready = attempt.frame.contentDocument.documentElement.getAttribute('data-ready') === 'true';
    } catch {
      ready = true; // an error page: show it
    }
    if (!ready) {
      setTimeout(() => waitUntilReady(attempt), 30);
      return;
    }
    try {
      const view = shown && shown.number === attempt.number ? shown.frame.contentWindow.recoilReport?.view() : null;
      if (view) attempt.frame.contentWindow.recoilReport?.setView(view);
    } catch {
      // A report that cannot say its view starts fitted.
    }
    attempt.frame.classList.remove('loading');
    if (shown) shown.frame.remove();
    shown = attempt;
    try {
      const report = attempt.frame.contentWindow.recoilReport;
      report?.setTools(makeTools());
      // The server lays out on demand what the report lacks: a group's inside when it is
      // opened, a neighbourhood when focus shows it.
      const shape = String(report?.state().shape);
      const session = String(attempt.number);
      report?.setLayoutSource?.((wanted) => {
        const address = wanted.group !== undefined
          ? withToken('/inside', { session, shape, group: String(wanted.group) })
          : withToken('/neighbourhood', { session, shape, node: String(wanted.node), depth: String(wanted.depth) });
        return fetch(address).then((response) => (response.ok ? response.text() : null));
      });
    } catch {
      // An error page has no details to add to.
    }
    shownJump = null;
    render();
    loading = null;
    frames.dataset.shownSession = String(attempt.number);
    frames.dataset.shownVersion = String(attempt.version);
    // The latest entry the shown report holds.
    let latest = attempt.latestSeq;
    try {
      latest = attempt.frame.contentWindow.recoilReport?.state().latestSeq ?? latest;
    } catch {
      // An error page holds none.
    }
    frames.dataset.shownSeq = String(latest ?? 0);
    frames.dataset.loads = String(Number(frames.dataset.loads || 0) + 1);
    update();
  }

  follow.addEventListener('change', () => {
    followedSeq = null;
    if (follow.checked && shown) {
      shown.version = -1; // reload at the latest entry
      update(true);
    }
  });

  const source = new EventSource(withToken('/events'));
  source.addEventListener('sessions', (event) => {
    sessions = JSON.parse(event.data).sessions;
    render();
    update();
  });
  source.addEventListener('open', () => { if (!sessions.length) status.textContent = 'waiting for an app to connect'; });
  source.addEventListener('error', () => { status.textContent = 'reconnecting to recoil-inspect…'; });
  render();
  document.documentElement.setAttribute('data-ready', 'true');
})();
