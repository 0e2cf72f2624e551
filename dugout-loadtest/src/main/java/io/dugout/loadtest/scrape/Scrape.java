package io.dugout.loadtest.scrape;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One Prometheus text exposition, parsed into samples. Only what the load tester reads: names,
 * labels and values; comments, timestamps and exemplars are skipped.
 */
record Scrape(long atNanos, List<Sample> samples) {

  /** One line: {@code name{labels} value}. */
  record Sample(String name, Map<String, String> labels, double value) {}

  static Scrape parse(String text, long atNanos) {
    List<Sample> samples = new ArrayList<>();
    for (String line : text.split("\n")) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      int brace = line.indexOf('{');
      int space = line.indexOf(' ');
      String name;
      Map<String, String> labels = new TreeMap<>();
      String rest;
      if (brace >= 0 && (space < 0 || brace < space)) {
        name = line.substring(0, brace);
        int close = labelsEnd(line, brace);
        parseLabels(line.substring(brace + 1, close), labels);
        rest = line.substring(close + 1).strip();
      } else if (space > 0) {
        name = line.substring(0, space);
        rest = line.substring(space + 1).strip();
      } else {
        continue;
      }
      String value = rest.split("\\s+", 2)[0];
      try {
        samples.add(new Sample(name, labels, Double.parseDouble(value.replace("Inf", "Infinity"))));
      } catch (NumberFormatException e) {
        // why: a line this parser does not understand is skipped, not fatal to the run
      }
    }
    return new Scrape(atNanos, samples);
  }

  /** The sum of every sample of {@code name} (over all label sets); NaN when there is none. */
  double sum(String name) {
    double sum = 0;
    boolean found = false;
    for (Sample sample : samples) {
      if (sample.name.equals(name) && !Double.isNaN(sample.value)) {
        sum += sample.value;
        found = true;
      }
    }
    return found ? sum : Double.NaN;
  }

  /** The largest sample of {@code name}; NaN when there is none. */
  double max(String name) {
    double max = Double.NaN;
    for (Sample sample : samples) {
      if (sample.name.equals(name) && !(sample.value <= max)) {
        max = sample.value;
      }
    }
    return max;
  }

  /** Cumulative histogram buckets of {@code name} ({@code name_bucket}), summed by {@code le}. */
  TreeMap<Double, Double> buckets(String name) {
    TreeMap<Double, Double> buckets = new TreeMap<>();
    for (Sample sample : samples) {
      if (sample.name.equals(name + "_bucket") && sample.labels.containsKey("le")) {
        double le = Double.parseDouble(sample.labels.get("le").replace("Inf", "Infinity"));
        buckets.merge(le, sample.value, Double::sum);
      }
    }
    return buckets;
  }

  private static int labelsEnd(String line, int brace) {
    boolean quoted = false;
    for (int i = brace + 1; i < line.length(); i++) {
      char c = line.charAt(i);
      if (c == '\\') {
        i++;
      } else if (c == '"') {
        quoted = !quoted;
      } else if (c == '}' && !quoted) {
        return i;
      }
    }
    return line.length() - 1;
  }

  private static void parseLabels(String text, Map<String, String> labels) {
    int i = 0;
    while (i < text.length()) {
      int eq = text.indexOf('=', i);
      if (eq < 0) {
        return;
      }
      String key = text.substring(i, eq).strip();
      StringBuilder value = new StringBuilder();
      int j = eq + 2; // skip ="
      while (j < text.length() && text.charAt(j) != '"') {
        if (text.charAt(j) == '\\' && j + 1 < text.length()) {
          j++;
        }
        value.append(text.charAt(j++));
      }
      labels.put(key, value.toString());
      i = j + 1;
      while (i < text.length() && (text.charAt(i) == ',' || text.charAt(i) == ' ')) {
        i++;
      }
    }
  }
}
