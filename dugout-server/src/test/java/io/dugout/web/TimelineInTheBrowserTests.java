package io.dugout.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The web client's timeline module ({@code timeline.js}) on its own, in the browser that runs it:
 * how messages from every source merge into one order, and how my outbox is confirmed.
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
            const first = t.merge([m(3), m(1), m(2)], 'alice').map((x) => x.seq);
            const second = t.merge([m(2), m(3), m(4), m(4)], 'alice').map((x) => x.seq);
            return { first, second, ordered: t.ordered().map((x) => x.seq), size: t.size };
            """);
    assertThat(result)
        .containsEntry("first", List.of(1L, 2L, 3L))
        .containsEntry("second", List.of(4L))
        .containsEntry("ordered", List.of(1L, 2L, 3L, 4L))
        .containsEntry("size", 4L);
  }

  @Test
  void findsTheFirstHoleBetweenTheLowestAndHighestSeqHeld() {
    var result =
        run(
            """
            const t = new Timeline();
            const m = (seq) => ({ seq, senderId: 'bob' });
            t.merge([m(7), m(8), m(11), m(13)], 'alice');
            const first = t.firstGapAfter();
            t.merge([m(9), m(10)], 'alice');
            const second = t.firstGapAfter();
            t.merge([m(12)], 'alice');
            return { first, second, none: t.firstGapAfter() };
            """);
    assertThat(result)
        .containsEntry("first", 8L)
        .containsEntry("second", 11L)
        .containsEntry("none", null);
  }

  @Test
  void myMessageArrivingWithItsClientMsgIdConfirmsTheOutboxEntryAndNobodyElsesDoes() {
    var result =
        run(
            """
            const t = new Timeline();
            t.addOutgoing({ clientMsgId: 'c-1', content: 'hi', state: 'pending' });
            t.merge([{ seq: 1, senderId: 'bob', clientMsgId: 'c-1' }], 'alice');
            const afterBobs = t.outbox.size;
            t.merge([{ seq: 2, senderId: 'alice', clientMsgId: 'c-1' }], 'alice');
            return { afterBobs, afterMine: t.outbox.size, confirmed: t.isConfirmed('c-1', 'alice') };
            """);
    assertThat(result)
        .containsEntry("afterBobs", 1L)
        .containsEntry("afterMine", 0L)
        .containsEntry("confirmed", true);
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

  /** Runs a script body with {@code Timeline} and {@code newClientMsgId} in scope. */
  @SuppressWarnings("unchecked")
  private Map<String, Object> run(String body) {
    return (Map<String, Object>)
        page.jsAsync(
            "const done = arguments[arguments.length - 1];"
                + "import('/timeline.js').then(({ Timeline, newClientMsgId }) => {"
                + "  try { done((() => {"
                + body
                + "})()); } catch (e) { done({ error: String(e) }); }"
                + "}, (e) => done({ error: String(e) }));");
  }
}
