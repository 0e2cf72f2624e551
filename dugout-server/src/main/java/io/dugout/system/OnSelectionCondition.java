package io.dugout.system;

import java.util.ArrayList;
import java.util.Arrays;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/** Evaluates {@link ConditionalOnSelection} against the bound selections. */
class OnSelectionCondition extends SpringBootCondition {

  @Override
  public ConditionOutcome getMatchOutcome(
      ConditionContext context, AnnotatedTypeMetadata metadata) {
    var wanted = metadata.getAnnotations().get(ConditionalOnSelection.class);
    var selected = DugoutProperties.of(context.getEnvironment());
    var missed = new ArrayList<String>();
    check(
        missed,
        "dugout.mode",
        wanted.getEnumArray("mode", DugoutProperties.Mode.class),
        selected.mode());
    check(
        missed,
        "dugout.store.type",
        wanted.getEnumArray("store", DugoutProperties.StoreType.class),
        selected.store().type());
    check(
        missed,
        "dugout.cache.type",
        wanted.getEnumArray("cache", DugoutProperties.CacheType.class),
        selected.cache().type());
    for (Backend backend : wanted.getEnumArray("uses", Backend.class)) {
      if (!selected.uses(backend)) {
        missed.add("the node does not use " + backend);
      }
    }
    return missed.isEmpty()
        ? ConditionOutcome.match("selected by dugout.mode, dugout.store.type and dugout.cache.type")
        : ConditionOutcome.noMatch(String.join("; ", missed));
  }

  private static <E extends Enum<E>> void check(
      ArrayList<String> missed, String property, E[] wanted, E selected) {
    if (wanted.length > 0 && !Arrays.asList(wanted).contains(selected)) {
      missed.add(property + " is " + selected + ", not " + Arrays.toString(wanted));
    }
  }
}
