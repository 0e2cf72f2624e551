package io.dugout.push.fcm;

import com.google.auth.oauth2.GoogleCredentials;
import com.google.auth.oauth2.ServiceAccountCredentials;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * OAuth2 access tokens for the FCM API from a service account's key: fetched from its {@code
 * token_uri} (or the configured one) when first needed and again shortly before each expires;
 * Google's library keeps the token and makes concurrent callers share one refresh.
 */
final class FcmAccessTokens {

  static final String SCOPE = "https://www.googleapis.com/auth/firebase.messaging";

  private final GoogleCredentials credentials;
  private final String projectId;

  private FcmAccessTokens(GoogleCredentials credentials, String projectId) {
    this.credentials = credentials;
    this.projectId = projectId;
  }

  static FcmAccessTokens load(Path serviceAccountFile, URI tokenUri) {
    try (InputStream in = Files.newInputStream(serviceAccountFile)) {
      var account = ServiceAccountCredentials.fromStream(in);
      var builder = account.toBuilder().setScopes(List.of(SCOPE));
      if (tokenUri != null) {
        builder.setTokenServerUri(tokenUri);
      }
      return new FcmAccessTokens(builder.build(), account.getProjectId());
    } catch (IOException e) {
      throw new IllegalStateException(
          "dugout.push.fcm.service-account-file "
              + serviceAccountFile
              + " is not a readable service account key: "
              + e.getMessage(),
          e);
    }
  }

  /** The service account's project, or null when its key names none. */
  String projectId() {
    return projectId;
  }

  /** A valid access token, fetched when the one kept is about to expire. */
  String current() throws IOException {
    credentials.refreshIfExpired();
    return credentials.getAccessToken().getTokenValue();
  }

  /** Forgets the kept token, after FCM refused it. */
  void refresh() throws IOException {
    credentials.refresh();
  }
}
