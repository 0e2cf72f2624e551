package io.dugout.loadtest.scrape;

import io.dugout.loadtest.report.ServerFigures;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Scrapes the server's {@code /actuator/prometheus} at a fixed interval on its own thread, from
 * {@link #start} until {@link #close}, and sums the run up as {@link ServerFigures}. A failed
 * scrape is counted and skipped: the load test goes on without it.
 */
public final class ServerScraper implements AutoCloseable {

  private final URI url;
  private final Supplier<String> token;
  private final Duration interval;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private final List<Scrape> scrapes = new ArrayList<>();
  private final Thread thread;
  private volatile boolean running = true;
  private String bearer;
  private int failed;

  private ServerScraper(URI url, Supplier<String> token, Duration interval) {
    this.url = url;
    this.token = token;
    this.interval = interval;
    this.thread = Thread.ofPlatform().daemon().name("dugout-scrape").unstarted(this::loop);
  }

  /**
   * Takes a first scrape now and then one every {@code interval}; {@code token} supplies a bearer
   * token (asked again after a 401).
   */
  public static ServerScraper start(URI url, Supplier<String> token, Duration interval) {
    var scraper = new ServerScraper(url, token, interval);
    scraper.scrapeOnce();
    scraper.thread.start();
    return scraper;
  }

  private void loop() {
    while (running) {
      try {
        Thread.sleep(interval);
      } catch (InterruptedException e) {
        return;
      }
      if (running) {
        scrapeOnce();
      }
    }
  }

  private void scrapeOnce() {
    try {
      HttpResponse<String> response = get();
      if (response.statusCode() == 401 || response.statusCode() == 403) {
        bearer = null;
        response = get();
      }
      if (response.statusCode() != 200) {
        fail();
        return;
      }
      var scrape = Scrape.parse(response.body(), System.nanoTime());
      synchronized (scrapes) {
        scrapes.add(scrape);
      }
    } catch (IOException | RuntimeException e) {
      fail();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private HttpResponse<String> get() throws IOException, InterruptedException {
    if (bearer == null) {
      bearer = token.get();
    }
    var request = HttpRequest.newBuilder(url).timeout(Duration.ofSeconds(10)).GET();
    if (bearer != null && !bearer.isEmpty()) {
      request.header("Authorization", "Bearer " + bearer);
    }
    return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private synchronized void fail() {
    failed++;
  }

  /** Stops scraping after one last scrape, so the run's end is covered. */
  @Override
  public void close() {
    running = false;
    thread.interrupt();
    try {
      thread.join(Duration.ofSeconds(15));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    scrapeOnce();
  }

  /** The run as the server saw it; call after {@link #close}. */
  public ServerFigures figures() {
    List<Scrape> all;
    synchronized (scrapes) {
      all = List.copyOf(scrapes);
    }
    int failures;
    synchronized (this) {
      failures = failed;
    }
    return summarize(url.toString(), all, failures);
  }

  static ServerFigures summarize(String url, List<Scrape> all, int failures) {
    if (all.size() < 2) {
      return new ServerFigures(
          url,
          all.size(),
          failures,
          Double.NaN,
          Double.NaN,
          Double.NaN,
          Double.NaN,
          Double.NaN,
          Double.NaN,
          Double.NaN,
          Double.NaN,
          List.of());
    }
    var run = new Window(all.getFirst(), all.getLast());
    var points = new ArrayList<ServerFigures.Point>();
    double cpu = 0;
    double queueMax = Double.NaN;
    double gcMax = Double.NaN;
    for (int i = 1; i < all.size(); i++) {
      var window = new Window(all.get(i - 1), all.get(i));
      double queue = window.to().max(Window.QUEUE_MAX);
      double gc = window.to().max(Window.GC_PAUSE + "_max");
      queueMax = Double.isNaN(queueMax) || queue > queueMax ? queue : queueMax;
      gcMax = Double.isNaN(gcMax) || gc > gcMax ? gc : gcMax;
      cpu += window.cpuCores();
      points.add(
          new ServerFigures.Point(
              (window.to().atNanos() - all.getFirst().atNanos()) / 1e9,
              window.cpuCores(),
              window.rate(Window.DELIVERIES),
              window.quantileMs(Window.DELIVERY_LATENCY, 0.99),
              window.gcPausePerSecond() * 1000,
              queue));
    }
    return new ServerFigures(
        url,
        all.size(),
        failures,
        cpu / points.size(),
        run.rate(Window.DELIVERIES),
        run.rate(Window.APPENDED),
        run.quantileMs(Window.DELIVERY_LATENCY, 0.5),
        run.quantileMs(Window.DELIVERY_LATENCY, 0.99),
        run.to().sum(Window.GC_PAUSE + "_sum") - run.from().sum(Window.GC_PAUSE + "_sum"),
        gcMax * 1000,
        queueMax,
        points);
  }
}
