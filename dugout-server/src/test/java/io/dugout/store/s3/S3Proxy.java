package io.dugout.store.s3;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Assumptions;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3Configuration;
import software.amazon.awssdk.services.s3.presigner.S3Presigner;

/**
 * S3Proxy (org.gaul:s3proxy) as its own process on a random loopback port: the S3 API with
 * signature checking, over jclouds' in-memory {@code transient} blob store. Its jar is copied to
 * {@code target/s3proxy} by the build; run as a process so that its Jetty and Jackson never meet
 * the server's. One server for the test JVM, stopped when the JVM exits.
 */
public final class S3Proxy {

  public static final String ACCESS_KEY = "dugout-test";
  public static final String SECRET_KEY = "dugout-test-secret";
  public static final String REGION = "us-east-1";

  private static S3Proxy shared;

  private final Process process;
  private final URI endpoint;

  private S3Proxy(Process process, URI endpoint) {
    this.process = process;
    this.endpoint = endpoint;
  }

  /** The server of this JVM, started on first use; skips the caller's tests if it cannot start. */
  public static synchronized S3Proxy shared() {
    if (shared == null) {
      shared = start();
      Runtime.getRuntime().addShutdownHook(new Thread(shared.process::destroy));
    }
    return shared;
  }

  private static S3Proxy start() {
    Path jar = Path.of(System.getProperty("dugout.test.s3proxy-jar", "target/s3proxy/s3proxy.jar"));
    Assumptions.assumeTrue(
        Files.isRegularFile(jar), "no " + jar.toAbsolutePath() + ": run mvn test-compile first");
    try {
      int port = freePort();
      Path settings = Files.createTempFile("s3proxy-", ".properties");
      Files.writeString(
          settings,
          String.join(
              "\n",
              "s3proxy.endpoint=http://127.0.0.1:" + port,
              "s3proxy.authorization=aws-v2-or-v4",
              "s3proxy.identity=" + ACCESS_KEY,
              "s3proxy.credential=" + SECRET_KEY,
              "jclouds.provider=transient",
              "jclouds.identity=unused",
              "jclouds.credential=unused",
              ""));
      Path log = Path.of("target", "s3proxy-" + port + ".log").toAbsolutePath();
      String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
      Process process =
          new ProcessBuilder(
                  java, "-Xmx256m", "-jar", jar.toString(), "--properties", settings.toString())
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
      awaitListening(process, port, log);
      return new S3Proxy(process, URI.create("http://127.0.0.1:" + port));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void awaitListening(Process process, int port, Path log) throws IOException {
    Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
    while (Instant.now().isBefore(deadline)) {
      if (!process.isAlive()) {
        throw new IllegalStateException("S3Proxy exited; see " + log);
      }
      try (var socket = new Socket()) {
        socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
        return;
      } catch (IOException e) {
        try {
          Thread.sleep(100);
        } catch (InterruptedException interrupted) {
          Thread.currentThread().interrupt();
          throw new IllegalStateException(interrupted);
        }
      }
    }
    process.destroy();
    throw new IllegalStateException("S3Proxy did not listen on " + port + " in 60 s; see " + log);
  }

  private static int freePort() throws IOException {
    try (var socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }

  public URI endpoint() {
    return endpoint;
  }

  /** A client as {@code S3FileStoreConfiguration} builds it, with this server's test keys. */
  public S3Client client() {
    return S3Client.builder()
        .httpClient(UrlConnectionHttpClient.create())
        .endpointOverride(endpoint)
        .region(Region.of(REGION))
        .credentialsProvider(
            StaticCredentialsProvider.create(AwsBasicCredentials.create(ACCESS_KEY, SECRET_KEY)))
        .serviceConfiguration(S3Configuration.builder().pathStyleAccessEnabled(true).build())
        .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
        .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED)
        .build();
  }

  public S3Presigner presigner() {
    return S3Presigner.builder()
        .endpointOverride(endpoint)
        .region(Region.of(REGION))
        .credentialsProvider(
            StaticCredentialsProvider.create(AwsBasicCredentials.create(ACCESS_KEY, SECRET_KEY)))
        .serviceConfiguration(S3Configuration.builder().pathStyleAccessEnabled(true).build())
        .build();
  }

  /** A new, empty bucket. */
  public String newBucket() {
    String bucket = "dugout-" + UUID.randomUUID().toString().substring(0, 8);
    try (var s3 = client()) {
      s3.createBucket(r -> r.bucket(bucket));
    }
    return bucket;
  }
}
