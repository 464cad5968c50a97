// Control of the running app from the live page (when the app allows it,
// InspectorConfiguration.remoteControl): the report's details get tools (see details.js): a
// node's value editor (JSON, checked before it is sent), reset and stubs; an entry's "jump
// here" and "skip"; a store's dispatch form, with its action type's cases (each filling in an
// example the app gives) and the last actions sent. Each asks the app through the host's `ask`
// (a POST to /control), and the app's answer is shown beside the control that asked. Editors
// carry `data-keep`, so what is typed in them survives the details being made again. The
// decisions are pure (`checkJSON`, `remembered`, `caseExample`, `controlSeq`), checked by
// `node --test` (Tests/ReportScriptTests/live-control.test.js).
class LiveControl {
  /** Why `text` is not JSON, or null when it is. */
  static checkJSON(text) {
    try {
      JSON.parse(text);
      return null;
    } catch (error) {
      return `Not JSON: ${error.message}`;
    }
  }

  /** The last actions sent, newest first, with `text` put first: at most eight, each once. */
  static remembered(list, text) {
    return [text, ...list.filter((item) => item !== text)].slice(0, 8);
  }

  /** A case of an action type as the app describes it (`{case, example?, recorded?}`): the
   *  example it fills in, and its tooltip. */
  static caseExample(item) {
    const example = typeof item.example === 'string' ? item.example : `{${JSON.stringify(item.case)}:{}}`;
    const title = item.recorded
      ? `The latest recorded: ${example}`
      : typeof item.example === 'string' ? example : 'None recorded: its payload goes inside by label (_0 where unlabelled)';
    return { example, title };
  }

  /** The number to send for an entry (the app's own): past 2^53 the page numbers entries from a
   *  base and the entry says its own as text (`seqText`), sent exactly as written (or not at
   *  all where the browser cannot). Undefined for none. */
  static controlSeq(entry, rawJSON = JSON.rawJSON) {
    if (entry.seq === undefined) return undefined;
    if (entry.seqText === undefined) return entry.seq;
    return rawJSON ? rawJSON(entry.seqText) : undefined;
  }

  /** The text beside a control for the app's answer. */
  static answerText(answer) {
    return answer.ok ? answer.message : `Refused: ${answer.message}`;
  }

  /** The last actions sent to a store, kept in this browser. */
  static recentActions(store) {
    try {
      const list = JSON.parse(localStorage.getItem(`recoil-inspect.recent-actions.${store}`) ?? '[]');
      return Array.isArray(list) ? list.filter((item) => typeof item === 'string').slice(0, 8) : [];
    } catch {
      return [];
    }
  }

  static remember(store, text) {
    try {
      localStorage.setItem(`recoil-inspect.recent-actions.${store}`, JSON.stringify(LiveControl.remembered(LiveControl.recentActions(store), text)));
    } catch {
      // private mode
    }
  }

  /** The tools for a report's details. `host.ask(request)` sends a request and resolves to the
   *  app's answer (`{ok, message}`) or null; `host.connected()` says whether the app can be
   *  asked; `host.answered(answer, line, request)` hears every answer. */
  constructor(host) {
    this.host = host;
    // The app's last answer beside each control, by the box it is in (`set:Cart.count`,
    // `entry:74`): the details are made again as the app changes, and the answer stays.
    this.answers = new Map();
  }

  /** The tools of a node's details: an atom's editor, a selector's stubs, a store's dispatch. */
  node(node, box) {
    if (!this.host.connected()) return;
    const form = new ControlForm(this, box);
    if (node.kind === 'atom') form.atom(node);
    else if (node.kind === 'selector' && node.owner === undefined) form.selector(node);
    else if (node.kind === 'store') form.store(node);
  }

  /** The tools of an entry's details: jump here, and skip an action. */
  entry(entry, box) {
    const seq = LiveControl.controlSeq(entry);
    if (seq === undefined || !this.host.connected()) return;
    new ControlForm(this, box).entry(entry, seq);
  }

  /** Sends `request`, saying so in `line`, and shows the app's answer there (or in the line
   *  made in its place since); `done(answer)` runs before the host hears it (which may make
   *  the details again). */
  async control(request, line, done = () => {}) {
    this.show(line, 'answer', 'asking the app…');
    const answer = await this.host.ask(request);
    if (!answer) return null;
    const key = line.dataset.answerFor;
    const shown = line.isConnected ? line : line.ownerDocument.querySelector(`[data-answer-for="${CSS.escape(key)}"]`) ?? line;
    this.show(shown, `answer ${answer.ok ? 'ok' : 'refused'}`, LiveControl.answerText(answer), String(Boolean(answer.ok)));
    done(answer);
    this.host.answered(answer, shown, request);
    return answer;
  }

  /** Writes an answer into `line`, and keeps it for the line made in its place. */
  show(line, className, text, ok) {
    line.className = className;
    line.textContent = text;
    if (ok !== undefined) line.dataset.ok = ok;
    this.answers.set(line.dataset.answerFor, { className, text, ok });
  }
}

if (typeof module === 'object' && module.exports) module.exports = LiveControl;
