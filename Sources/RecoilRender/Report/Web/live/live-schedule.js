// When the live page asks its server for what changed, and how: a session's first report (or
// another session's) is loaded into a frame; what arrived since is appended to the report
// shown (`/delta`) at most every `gap` ms; when the graph changed shape the report is laid out
// again in place (`/report`, see report-host.js's `replace`) at most every `layoutGap` ms. One
// request at a time. Pure, checked by `node --test` (Tests/ReportScriptTests/live-schedule.test.js).
class LiveSchedule {
  static gap = 400;
  static layoutGap = 2000;

  /** What to do now: `{action: 'none'}`, `{action: 'wait', until}` (a time in ms), or
   *  `{action: 'load' | 'extend' | 'relayout'}`.
   *  - `session`: the chosen session as the server lists it (`number`, `version`, `entries`);
   *  - `shown`: the report shown (`number`, `version`, `entries` it holds, `needsLayout` when
   *    the server said its layout no longer holds), or null;
   *  - `busy`: a request is in flight; `now`, `lastRequest`, `lastLayout`: times in ms. */
  static decide({ session, shown, busy, now, lastRequest, lastLayout }) {
    if (!session) return { action: 'none' };
    if (!shown || shown.number !== session.number) return busy ? { action: 'none' } : { action: 'load' };
    if (busy) return { action: 'none' };
    // A report that holds far more than its session keeps (the oldest were let go) is made
    // again rather than appended to.
    const needsLayout = shown.needsLayout || shown.entries > 2 * Math.max(session.entries, 1000);
    if (!needsLayout && shown.version === session.version) return { action: 'none' };
    const earliest = Math.max(lastRequest + LiveSchedule.gap, needsLayout ? lastLayout + LiveSchedule.layoutGap : 0);
    if (now < earliest) return { action: 'wait', until: earliest };
    return { action: needsLayout ? 'relayout' : 'extend' };
  }
}

if (typeof module === 'object' && module.exports) module.exports = LiveSchedule;
