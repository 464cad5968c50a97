// The live page's sessions (one per app connection, as `live --serve`'s event stream lists
// them): a button each in `#sessions` (connected or ended, its entries, what was dropped,
// whether it is jumped to an earlier entry), the status line, and the bar that says the chosen
// app is jumped, with Resume. The words are pure, checked by `node --test`
// (Tests/ReportScriptTests/live-sessions.test.js).
class LiveSessions {

  /** A session's entries, and whether it ended. */
  static metaText(session) {
    return `${session.entries} entries${session.connected ? '' : ' · ended'}`;
  }

  /** What the app's stream dropped and the server let go, or '' for nothing. */
  static dropsText(session) {
    const parts = [];
    if (session.dropped > 0) parts.push(`${session.dropped} dropped by the app`);
    if (session.trimmed > 0) parts.push(`${session.trimmed} oldest let go`);
    return parts.join(' · ');
  }

  /** The status line: how many apps are connected, of how many sessions. */
  static statusText(sessions) {
    if (!sessions.length) return 'waiting for an app to connect';
    const connected = sessions.filter((session) => session.connected).length;
    return `${connected} connected · ${sessions.length} session${sessions.length === 1 ? '' : 's'}`;
  }

  /** The session shown when none is chosen: the newest connected one, else the newest. */
  static newest(sessions) {
    const connected = sessions.filter((session) => session.connected);
    return (connected.length ? connected : sessions).at(-1) ?? null;
  }

  /** The entry a connected session is jumped to, or undefined. */
  static jumpedTo(session) {
    return session && session.connected ? session.jumpedTo : undefined;
  }

  /** The live page's address for session `number` and what its report has chosen
   *  (`{seq, node}`): `#session=2&seq=74&node=Cart.total`. */
  static address(number, chosen) {
    const parts = [`session=${number}`];
    if (chosen && chosen.seq !== null && chosen.seq !== undefined) parts.push(`seq=${chosen.seq}`);
    if (chosen && chosen.node !== null && chosen.node !== undefined) parts.push(`node=${encodeURIComponent(chosen.node)}`);
    return '#' + parts.join('&');
  }

  /** What the live page's address names: `{session, seq, node}`, null for each it does not. */
  static fromAddress(fragment) {
    const parameters = new URLSearchParams(fragment.replace(/^#/, ''));
    const number = Number(parameters.get('session'));
    const seq = Number(parameters.get('seq'));
    return {
      session: Number.isInteger(number) && number > 0 ? number : null,
      seq: parameters.get('seq') !== null && Number.isInteger(seq) ? seq : null,
      node: parameters.get('node'),
    };
  }

  /** Draws the list of `sessions`, `chosen` pressed; `choose(number)` on a click. */
  static draw(sessions, chosen, choose) {
    const list = document.getElementById('sessions');
    list.replaceChildren();
    for (const session of sessions) {
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.session = String(session.number);
      button.className = session.connected ? 'live' : 'ended';
      button.setAttribute('aria-pressed', String(session.number === chosen));
      button.title = session.connected ? 'Connected' : 'Disconnected: what it sent stays readable';
      const part = (className, text) => Object.assign(document.createElement('span'), { className, textContent: text });
      button.append(part('dot', ''), part('name', session.name), part('meta', LiveSessions.metaText(session)));
      if (LiveSessions.jumpedTo(session) !== undefined) button.append(part('jumped', `jumped to #${session.jumpedTo}`));
      if (LiveSessions.dropsText(session)) button.append(part('drops', LiveSessions.dropsText(session)));
      button.addEventListener('click', () => choose(session.number));
      list.append(button);
    }
    document.getElementById('status').textContent = LiveSessions.statusText(sessions);
    document.getElementById('empty').hidden = sessions.length > 0;
    const current = sessions.find((session) => session.number === chosen);
    const jumped = LiveSessions.jumpedTo(current);
    document.getElementById('jumped').hidden = jumped === undefined;
    if (jumped !== undefined) {
      document.getElementById('jumped-text').textContent =
        `${current.name} is jumped to #${jumped}: it shows its state as of that entry, and holds its own actions until it resumes.`;
    }
  }
}

if (typeof module === 'object' && module.exports) module.exports = LiveSessions;
