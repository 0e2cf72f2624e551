package io.dugout.loadtest;

import io.dugout.loadtest.api.DevTokenSource;
import io.dugout.loadtest.api.DugoutApi;
import io.dugout.loadtest.api.HmacTokenSource;
import io.dugout.loadtest.api.TargetException;
import io.dugout.loadtest.api.TokenSource;
import io.dugout.loadtest.cli.Options;
import io.dugout.loadtest.cli.UsageException;
import io.dugout.loadtest.report.Metrics;
import io.dugout.loadtest.report.Progress;
import io.dugout.loadtest.report.ReportWriter;
import io.dugout.loadtest.report.RunResult;
import io.dugout.loadtest.report.SummaryTable;
import io.dugout.loadtest.scenario.RunContext;
import io.dugout.loadtest.scenario.Scenario;
import io.dugout.loadtest.scrape.ServerScraper;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code dugout-loadtest <send|chat|fanout|history|notify|upload> [options]}: runs one scenario
 * against a deployment.
 */
public final class Main {

  /**
   * Exit status when errors or lost deliveries passed {@code --max-error-rate}, or nothing was
   * measured.
   */
  static final int FAILED = 1;

  static final int USAGE = 2;

  /** Exit status when the target is unreachable, refuses the token or refuses setup. */
  static final int TARGET = 3;

  private Main() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs the command line and returns the exit status (for tests and {@link #main}). */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    Map<String, Commands.Entry> commands = Commands.all();
    if (args.length == 0
        || args[0].equals("--help")
        || args[0].equals("-h")
        || args[0].equals("help")) {
      (args.length == 0 ? err : out).print(usage(commands));
      return args.length == 0 ? USAGE : 0;
    }
    Commands.Entry entry = commands.get(args[0]);
    if (entry == null) {
      err.println("dugout-loadtest: unknown scenario '" + args[0] + "'\n" + usage(commands));
      return USAGE;
    }
    String[] rest = Arrays.copyOfRange(args, 1, args.length);
    if (Arrays.asList(rest).contains("--help") || Arrays.asList(rest).contains("-h")) {
      out.print(entry.command().help());
      return 0;
    }
    try {
      Options options = entry.command().parse(rest);
      return execute(entry, options, out, err);
    } catch (UsageException ex) {
      err.println("dugout-loadtest " + args[0] + ": " + ex.getMessage());
      return USAGE;
    } catch (TargetException ex) {
      err.println("dugout-loadtest " + args[0] + ": " + ex.getMessage());
      return TARGET;
    }
  }

  /**
   * Where tokens come from: minted with {@code --hmac-secret} or the key in {@code --key-file},
   * else the server's try-it-out endpoint.
   */
  private static TokenSource tokens(Options options, DugoutApi api) throws UsageException {
    if (options.string("hmac-secret") != null) {
      return new HmacTokenSource(options.string("hmac-secret"));
    }
    String keyFile = options.string("key-file");
    if (keyFile == null) {
      return new DevTokenSource(api);
    }
    try {
      return HmacTokenSource.fromKeyFile(Path.of(keyFile));
    } catch (IOException | IllegalArgumentException ex) {
      throw new UsageException(
          "--key-file " + keyFile + " holds no key in hex: " + ex.getMessage());
    }
  }

  private static int execute(
      Commands.Entry entry, Options options, PrintStream out, PrintStream err)
      throws UsageException {
    String name = entry.command().name();
    List<URI> nodes = parseUrls(options.string("url"));
    double maxErrorRate = options.decimal("max-error-rate");
    for (URI node : nodes) {
      new DugoutApi(node, options.duration("timeout")).checkReachable();
    }
    DugoutApi api = new DugoutApi(nodes.getFirst(), options.duration("timeout"));
    TokenSource tokens = tokens(options, api);
    Metrics metrics = new Metrics();
    Scenario.Outcome outcome;
    ServerScraper scraper = scraper(options, tokens);
    try (scraper;
        RunContext context = new RunContext(options, nodes, api, tokens, metrics);
        Progress progress =
            new Progress(context::shownMetrics, err, () -> name + "/" + context.phase())) {
      outcome = entry.scenario().get().run(context);
    } catch (TargetException | UsageException ex) {
      throw ex;
    } catch (InterruptedException ex) {
      Thread.currentThread().interrupt();
      throw new TargetException("interrupted");
    } catch (Exception ex) {
      throw new TargetException("run failed: " + ex, ex);
    }
    Map<String, String> shown = new LinkedHashMap<>(options.asMap());
    shown.computeIfPresent("hmac-secret", (key, value) -> value.isEmpty() ? value : "(set)");
    shown.computeIfPresent("scrape-token", (key, value) -> value.isEmpty() ? value : "(set)");
    RunResult result = metrics.result(name, shown, outcome.tables(), outcome.notes());
    if (scraper != null) {
      result = result.withServer(scraper.figures());
    }
    if (outcome.floor() != null) {
      result =
          result.withFloor(
              outcome.against(), outcome.floor().result(name, shown, List.of(), List.of()));
    }
    Path dir =
        options.string("out") != null
            ? Path.of(options.string("out"))
            : Path.of(
                "loadtest-results",
                name
                    + "-"
                    + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
    Path json = ReportWriter.write(result, dir);
    out.print(SummaryTable.render(result));
    out.println("report: " + dir.resolve("report.html") + "  (raw: " + json + ")");
    return verdict(result, maxErrorRate, name, err);
  }

  /** A scraper of the server's metrics when {@code --scrape} is given, else null. */
  private static ServerScraper scraper(Options options, TokenSource tokens) {
    String url = options.string("scrape");
    if (url == null) {
      return null;
    }
    String token = options.string("scrape-token");
    return ServerScraper.start(
        parseScrapeUrl(url),
        token != null ? () -> token : tokens::serviceToken,
        options.duration("scrape-interval"));
  }

  private static URI parseScrapeUrl(String url) {
    try {
      URI uri = URI.create(url);
      if (!("http".equals(uri.getScheme()) || "https".equals(uri.getScheme()))
          || uri.getHost() == null) {
        throw new UsageException("--scrape must be an http(s):// URL with a host, got " + url);
      }
      return uri;
    } catch (IllegalArgumentException ex) {
      throw new UsageException("--scrape is not a URL: " + url);
    }
  }

  static int verdict(RunResult result, double maxErrorRate, String name, PrintStream err) {
    if (result.counts().attempts() == 0 || result.counts().received() == 0) {
      err.println("dugout-loadtest " + name + ": nothing completed (" + result.counts() + ")");
      return FAILED;
    }
    boolean passed = withinLimit(result.counts(), maxErrorRate, name, err);
    if (result.floor() != null) {
      passed &=
          withinLimit(
              result.floor().counts(),
              maxErrorRate,
              name + " (" + result.floor().against() + ")",
              err);
    }
    return passed ? 0 : FAILED;
  }

  private static boolean withinLimit(
      RunResult.Counts counts, double maxErrorRate, String name, PrintStream err) {
    if (counts.errorPercent() > maxErrorRate || counts.lostPercent() > maxErrorRate) {
      err.println(
          String.format(
              Locale.ROOT,
              "dugout-loadtest %s: failed: errors %.3f %%, lost %.3f %% (limit --max-error-rate %s"
                  + " %%)",
              name,
              counts.errorPercent(),
              counts.lostPercent(),
              maxErrorRate));
      return false;
    }
    return true;
  }

  /** One base URL, or several separated by commas: the nodes of one deployment. */
  static List<URI> parseUrls(String urls) {
    List<URI> nodes = new ArrayList<>();
    for (String url : urls.split(",", -1)) {
      nodes.add(parseUrl(url.strip()));
    }
    return nodes;
  }

  private static URI parseUrl(String url) {
    try {
      URI uri = URI.create(url);
      if (!"http".equals(uri.getScheme()) || uri.getHost() == null) {
        throw new UsageException("--url must be an http:// URL with a host, got " + url);
      }
      return uri;
    } catch (IllegalArgumentException ex) {
      throw new UsageException("--url is not a URL: " + url);
    }
  }

  private static String usage(Map<String, Commands.Entry> commands) {
    StringBuilder text =
        new StringBuilder(
            "usage: dugout-loadtest <scenario> [options]   (<scenario> --help for its options)\n\n"
                + "scenarios:\n");
    commands
        .values()
        .forEach(
            entry ->
                text.append(
                    String.format(
                        Locale.ROOT,
                        "  %-9s %s%n",
                        entry.command().name(),
                        entry.command().summary())));
    return text.toString();
  }
}
