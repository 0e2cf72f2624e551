package io.dugout;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Helm chart ({@code deploy/helm/dugout}) as an operator meets it: {@code helm lint} and {@code
 * helm template} with the cluster and the embedded values of its {@code ci/} folder, every rendered
 * document checked against Kubernetes' API types ({@code deploy/helm/check}), and values or
 * templates that cannot work refused before anything reaches a cluster. Helm and the checker are
 * built from their Go modules ({@link HelmTools}); nothing is fetched while the tests run.
 */
class HelmChartTests {

  private static HelmTools tools;

  @TempDir Path dir;

  @BeforeAll
  static void tools() {
    tools = HelmTools.get();
  }

  @Test
  void lintsCleanWithTheClusterAndTheEmbeddedValues() {
    for (String values : List.of("cluster", "embedded")) {
      var lint = helm("lint", "--strict", "deploy/helm/dugout", "-f", ciValues(values));
      assertThat(lint.exit()).as(lint.output()).isZero();
    }
  }

  @Test
  void rendersAClusterOfNodesThatKubernetesAccepts() throws IOException {
    String manifest = renderAndCheck("deploy/helm/dugout", "-f", ciValues("cluster"));

    assertThat(manifest)
        .contains("kind: Deployment", "kind: PodDisruptionBudget", "kind: ServiceMonitor")
        .doesNotContain("kind: StatefulSet", "kind: PersistentVolumeClaim")
        .contains("value: cluster", "path: /actuator/health/readiness")
        .contains("path: /actuator/health/liveness", "readOnlyRootFilesystem: true")
        .contains("runAsUser: 10001", "mountPath: /tmp", "command: [\"sleep\", \"10\"]");
  }

  @Test
  void rendersTheEmbeddedNodeAsOneStatefulSetWithAVolume() throws IOException {
    String manifest = renderAndCheck("deploy/helm/dugout", "-f", ciValues("embedded"));

    assertThat(manifest)
        .contains("kind: StatefulSet", "replicas: 1", "volumeClaimTemplates:", "storage: 20Gi")
        .contains("name: dugout-keys")
        .doesNotContain("kind: Deployment", "kind: PodDisruptionBudget", "kind: Secret")
        .doesNotContain("SPRING_PROFILES_ACTIVE");
  }

  @Test
  void refusesValuesThatCannotWorkWithOneLineSayingWhy() {
    assertRefused("cluster-without-mongodb", "cluster mode needs secrets.mongodbUri");
    assertRefused("no-token-key", "a token key is required");
    assertRefused("misspelt-value", "replicaCont");
    assertRefused("short-grace-period", "terminationGracePeriodSeconds must be at least");
  }

  @Test
  void catchesABrokenTemplateThatHelmStillRenders() throws IOException {
    Path chart = dir.resolve("dugout");
    copy(tools.root.resolve("deploy/helm/dugout"), chart);
    Path deployment = chart.resolve("templates/deployment.yaml");
    // a misspelt field: Helm renders it, an API server with strict validation would refuse it
    Files.writeString(
        deployment, Files.readString(deployment).replace("  replicas:", "  replica:"));

    var render = helm("template", "dugout", chart.toString(), "-f", ciValues("cluster"));
    assertThat(render.exit()).as(render.output()).isZero();
    var check = checkManifest(render.stdout());

    assertThat(check.exit()).isEqualTo(1);
    assertThat(check.output()).contains("Deployment", "unknown field \"replica\"");
  }

  @Test
  void checkerRefusesManifestsKubernetesWouldRefuse() throws IOException {
    var check =
        tools.run(
            List.of(
                tools.check.toString(),
                "deploy/helm/check/testdata/broken-manifests.yaml",
                "deploy/helm/check/testdata/service-without-pods.yaml"));

    assertThat(check.exit()).isEqualTo(1);
    assertThat(check.output())
        .contains("the selector does not select the pod template's labels")
        .contains("readiness probe's port admin is not a container port")
        .contains("unknown apiVersion and kind apps/v1beta1 Deployment")
        .contains("quantities must match the regular expression")
        .contains("selects no pod of this chart");
  }

  private String renderAndCheck(String... args) throws IOException {
    var command = new ArrayList<>(List.of("template", "dugout"));
    command.addAll(List.of(args));
    var render = helm(command.toArray(String[]::new));
    assertThat(render.exit()).as(render.output()).isZero();
    var check = checkManifest(render.stdout());
    assertThat(check.exit()).as(check.output()).isZero();
    assertThat(check.output()).contains("documents valid");
    return render.stdout();
  }

  private void assertRefused(String values, String reason) {
    var render =
        helm(
            "template",
            "dugout",
            "deploy/helm/dugout",
            "-f",
            "deploy/helm/check/testdata/" + values + ".yaml");
    assertThat(render.exit()).as(values).isNotZero();
    assertThat(render.output()).as(values).contains(reason);
  }

  private HelmTools.Run checkManifest(String manifest) throws IOException {
    Path file = Files.writeString(dir.resolve("manifest.yaml"), manifest);
    return tools.run(List.of(tools.check.toString(), file.toString()));
  }

  private static HelmTools.Run helm(String... args) {
    var command = new ArrayList<>(List.of(tools.helm.toString()));
    command.addAll(List.of(args));
    return tools.run(command);
  }

  private static String ciValues(String name) {
    return "deploy/helm/dugout/ci/" + name + "-values.yaml";
  }

  private static void copy(Path from, Path to) throws IOException {
    try (Stream<Path> files = Files.walk(from)) {
      for (Path file : files.toList()) {
        Path target = to.resolve(from.relativize(file).toString());
        if (Files.isDirectory(file)) {
          Files.createDirectories(target);
        } else {
          Files.copy(file, target);
        }
      }
    }
  }
}
