package io.dugout.push;

import java.util.Locale;
import java.util.Map;
import java.util.ResourceBundle;

/**
 * The text a push says instead of its preview ("New message", "New notification") in the device's
 * language: {@code pt-BR} takes the deployment's text for {@code pt-BR}, else its text for {@code
 * pt}, else the built-in Portuguese ({@code placeholders_pt.properties}); a language without
 * either, or a device without a locale, gets the deployment's English text, else the built-in
 * English. The built-in texts are read from resource bundles, never with the JVM's own locale as a
 * fallback, so a node's locale does not change what a phone shows.
 */
final class PushPlaceholders {

  private static final String BUNDLE = "io.dugout.push.placeholders";
  private static final ResourceBundle.Control NO_JVM_LOCALE =
      ResourceBundle.Control.getNoFallbackControl(ResourceBundle.Control.FORMAT_PROPERTIES);

  private final PushPlaceholderProperties overrides;

  PushPlaceholders(PushPlaceholderProperties overrides) {
    this.overrides = overrides;
  }

  /** The built-in texts only. */
  static PushPlaceholders builtIn() {
    return new PushPlaceholders(new PushPlaceholderProperties(null, null));
  }

  String message(String locale) {
    return text("message", overrides.message(), locale);
  }

  String notification(String locale) {
    return text("notification", overrides.notification(), locale);
  }

  private static String text(String key, Map<String, String> overrides, String tag) {
    Locale locale = tag == null ? Locale.ROOT : Locale.forLanguageTag(tag);
    if (tag != null) {
      String exact = overrides.get(PushPlaceholderProperties.tag(tag));
      if (exact != null) {
        return exact;
      }
      String language = overrides.get(locale.getLanguage());
      if (language != null) {
        return language;
      }
    }
    var bundle = ResourceBundle.getBundle(BUNDLE, locale, NO_JVM_LOCALE);
    if (bundle.getLocale().getLanguage().isEmpty()) {
      // why: the root bundle is English; a deployment's English text wins over it
      return overrides.getOrDefault("en", bundle.getString(key));
    }
    return bundle.getString(key);
  }
}
