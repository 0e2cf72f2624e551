package io.dugout.store.localfs;

import io.dugout.file.FileProperties;
import io.dugout.file.FileStore;
import io.dugout.system.DugoutProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;

/**
 * Selects {@link LocalFileStore} when {@code dugout.files.store=local} (the default on RocksDB; on
 * MongoDB only when set, for a directory every node shares), keeping files under {@code
 * dugout.data-dir}/files.
 */
@Configuration(proxyBeanMethods = false)
@Conditional(FileProperties.OnLocal.class)
class LocalFileStoreConfiguration {

  private static final Logger log = LoggerFactory.getLogger(LocalFileStoreConfiguration.class);

  @Bean
  FileStore localFileStore(DugoutProperties dugout) {
    var dir = dugout.dataDir().toAbsolutePath().normalize().resolve("files");
    log.info("Files: on this node's disk in {}", dir);
    return new LocalFileStore(dir);
  }
}
