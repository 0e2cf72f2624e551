package io.dugout.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The web client's timeline module ({@code timeline.js}) on its own, in the browser that runs it:
 * how messages from every source merge into one order, and how my messages confirm the client
 * library's outbox.
 */
class TimelineInTheBrowserTests extends BrowserTest {

  private Browser page;

  @BeforeEach
  void openThePage() throws Exception {
    page = browser(user("timeline"));
    page.load(server.url());
  }

  @Test
  void keepsEachSeqOnceWhateverTheSourceAndShowsThemInSeqOrder() {
    var result =
        run(
            """
            const t = new Timeline();
            const m = (seq) => ({ seq, senderId: 'bob', content: 'm' + seq });
            const first = t.merge([m(3), m(1), m(2)], 'alice').added.map((x) => x.seq);
            const second = t.merge([m(2), m(3), m(4), m(4)], 'alice').added.map((x) => x.seq);
            return { first, second, ordered: t.ordered().map((x) => x.seq), size: t.size };
            """);
    assertThat(result)
        .containsEntry("first", List.of(1L, 2L, 3L))
        .containsEntry("second", List.of(4L))
        .containsEntry("ordered", List.of(1L, 2L, 3L, 4L))
        .containsEntry("size", 4L);
  }

  @Test
  void aChangeEntryIsNeverARowAndReplacesItsTargetOnlyWithANewerState() {
    var result =
        run(
            """
            const t = new Timeline();
            const m = (seq, content, changedSeq) => ({ seq, senderId: 'bob', kind: 'TEXT', content, changedSeq });
            const edit = (seq, target) => ({ seq, senderId: 'bob', change: 'message.edited',
                                              targetSeq: target.seq, target });
            // a history page, newest first: an edit of seq 1 at seq 3, its target as it is now
            const page = t.merge([edit(3, m(1, 'v2', 3)), m(2, 'two'), m(1, 'v2', 3)], 'alice');
            const shown = t.ordered().map((x) => x.seq + ':' + x.content);
            // the same edit replayed, and a stale copy of the message: nothing changes
            const replay = t.merge([edit(3, m(1, 'v2', 3)), m(1, 'v1')], 'alice');
            const live = t.merge([edit(4, m(1, 'v3', 4))], 'alice');
            // an older change arriving late: its target is no newer than what we hold
            const late = t.merge([edit(3, m(1, 'v2', 3))], 'alice');
            return { added: page.added.map((x) => x.seq), shown,
                     replayChanged: replay.changed.length,
                     liveChanged: live.changed.map((x) => x.seq + ':' + x.content),
                     liveAdded: live.added.length,
                     lateChanged: late.changed.length, now: t.message(1).content, rows: t.size };
            """);
    assertThat(result)
        .containsEntry("added", List.of(1L, 2L))
        .containsEntry("shown", List.of("1:v2", "2:two"))
        .containsEntry("replayChanged", 0L)
        .containsEntry("liveChanged", List.of("1:v3"))
        .containsEntry("liveAdded", 0L)
        .containsEntry("lateChanged", 0L)
        .containsEntry("now", "v3")
        .containsEntry("rows", 2L);
  }

  @Test
  void theCursorAndTheOrdinalsCountChangeEntriesAsEntriesOfTheLog() {
    var result =
        run(
            """
            const t = new Timeline();
            const m = (seq, ordinal) => ({ seq, ordinal, senderId: 'bob', kind: 'TEXT', content: 'm' + seq });
            const react = (seq, ordinal, target) => ({ seq, ordinal, senderId: 'carol', change: 'reaction.added',
                                                      emoji: '👍', targetSeq: target.seq, target });
            t.merge([m(5, 4), react(6, 4, { ...m(5, 4), changedSeq: 6 }), m(7, 5)], 'alice');
            const low = t.minSeq;
            t.merge([react(9, 5, { ...m(7, 5), changedSeq: 9 })], 'alice');
            return { low, high: t.maxSeq, rows: t.size,
                     ordinalAtChange: t.ordinalAt(6), ordinalInHole: t.ordinalAt(8),
                     ordinalBelowHeld: t.ordinalAt(4) };
            """);
    assertThat(result)
        .containsEntry("low", 5L)
        .containsEntry("high", 9L)
        .containsEntry("rows", 2L)
        .containsEntry("ordinalAtChange", 4L)
        .containsEntry("ordinalInHole", 5L)
        .containsEntry("ordinalBelowHeld", null);
  }

  @Test
  void aChangeThatArrivesBeforeItsTargetWinsOverTheOlderCopyThatFollows() {
    var result =
        run(
            """
            const t = new Timeline();
            const tombstone = { seq: 4, senderId: 'bob', kind: 'TEXT', content: '', deleted: true, changedSeq: 10 };
            const early = t.merge([{ seq: 10, senderId: 'bob', change: 'message.deleted', targetSeq: 4,
                                     target: tombstone }], 'alice');
            const rowsBefore = t.size;
            // the page that was in flight when the delete arrived: seq 4 as it was before
            const later = t.merge([{ seq: 4, senderId: 'bob', kind: 'TEXT', content: 'secret' }], 'alice');
            return { earlyAdded: early.added.length, rowsBefore,
                     added: later.added.map((x) => x.content + '/' + x.deleted) };
            """);
    assertThat(result)
        .containsEntry("earlyAdded", 0L)
        .containsEntry("rowsBefore", 0L)
        .containsEntry("added", List.of("/true"));
  }

  @Test
  void myMessageArrivingWithItsClientMsgIdConfirmsTheOutboxEntryAndNobodyElsesDoes() {
    var result =
        run(
            """
            const outbox = new Outbox({ online: false, send: () => new Promise(() => {}) });
            const sent = outbox.send('r', { content: 'hi' });
            confirmMine([{ seq: 1, roomId: 'r', senderId: 'bob', clientMsgId: sent.clientMsgId }], outbox, 'alice');
            const afterBobs = outbox.pending('r').length;
            confirmMine([{ seq: 2, roomId: 'r', senderId: 'alice', clientMsgId: sent.clientMsgId }], outbox, 'alice');
            return { afterBobs, afterMine: outbox.pending('r').length, confirmedAt: sent.message?.seq ?? null };
            """);
    assertThat(result)
        .containsEntry("afterBobs", 1L)
        .containsEntry("afterMine", 0L)
        .containsEntry("confirmedAt", 2L);
  }

  @Test
  void clientMsgIdsAreFreshAndWithinTheProtocolLimit() {
    var result =
        run(
            """
            const ids = Array.from({ length: 1000 }, () => newClientMsgId());
            return { distinct: new Set(ids).size, longest: Math.max(...ids.map((id) => id.length)),
                     printable: ids.every((id) => /^[\\x21-\\x7e]+$/.test(id)) };
            """);
    assertThat(result).containsEntry("distinct", 1000L).containsEntry("printable", true);
    assertThat((Long) result.get("longest")).isLessThanOrEqualTo(64L);
  }

  /**
   * Runs a script body with {@code Timeline}, the page's {@code confirmMine} and the client
   * library's {@code Outbox} and {@code newClientMsgId} in scope.
   */
  @SuppressWarnings("unchecked")
  private Map<String, Object> run(String body) {
    return (Map<String, Object>)
        page.jsAsync(
            "const done = arguments[arguments.length - 1];"
                + "Promise.all([import('/timeline.js'), import('/outbox.js'),"
                + " import('/lib/dugout-client.js')])"
                + ".then(([{ Timeline }, { confirmMine }, { Outbox, newClientMsgId }]) => {"
                + "  try { done((() => {"
                + body
                + "})()); } catch (e) { done({ error: String(e) }); }"
                + "}, (e) => done({ error: String(e) }));");
  }
}
