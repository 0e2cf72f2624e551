package io.dugout.system;

import io.dugout.system.DugoutProperties.CacheType;
import io.dugout.system.DugoutProperties.Mode;
import io.dugout.system.DugoutProperties.StoreType;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.context.annotation.Conditional;

/**
 * Registers a configuration, component or bean only when the node's selections ({@code
 * dugout.mode}, {@code dugout.store.type}, {@code dugout.cache.type}) pick it: every attribute
 * given must hold, and an attribute holds when the selected value is one of those listed. The
 * selections are read as {@link DugoutProperties} binds them ({@link DugoutProperties#of}),
 * defaults, relaxed names and profiles included, so an adapter is registered exactly when the
 * settings say it is selected; an unknown value stops startup with Spring Boot's message naming the
 * property and the values it takes.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Conditional(OnSelectionCondition.class)
public @interface ConditionalOnSelection {

  /** The modes it serves; empty means any. */
  Mode[] mode() default {};

  /** The stores it serves; empty means any. */
  StoreType[] store() default {};

  /** The history caches it serves; empty means any. */
  CacheType[] cache() default {};

  /** The backends the node must use ({@link DugoutProperties#uses}); empty means any. */
  Backend[] uses() default {};
}
