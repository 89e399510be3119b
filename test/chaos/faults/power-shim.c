/* The memory of a power-loss filesystem, as an LD_PRELOAD shim: at every fsync or fdatasync of a file or folder
 * under $AIOS_POWER_ROOT it records what that call made durable in $AIOS_POWER_SHADOW, before the real call.
 *   a file:   its whole content, in f/<dev>_<ino> (written to a temp file and renamed, so a SIGKILL mid-copy
 *             leaves the previous snapshot or the new one, never half of one);
 *   a folder: its listing, one "<ino>\t<type>\t<name>" line per entry, in d/<dev>_<ino>.
 * After a SIGKILL ("power off") test/chaos/faults/power.ts rebuilds the tree from these records only.
 * SQLite (inside better-sqlite3) and libuv call fsync and fdatasync and nothing else that makes data durable
 * (checked with strace); libuv's thread pool calls them concurrently, hence the mutex. */
#define _GNU_SOURCE
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int (*real_fsync)(int);
static int (*real_fdatasync)(int);
static const char *root;
static size_t root_len;
static const char *shadow;

__attribute__((constructor)) static void power_init(void) {
  real_fsync = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
  real_fdatasync = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
  root = getenv("AIOS_POWER_ROOT");
  shadow = getenv("AIOS_POWER_SHADOW");
  if (root != NULL && (root[0] == '\0' || shadow == NULL || shadow[0] == '\0')) root = NULL;
  if (root != NULL) root_len = strlen(root);
  /* The loader shows the shim is in place: the test refuses to run a power cut on a daemon without it. */
  if (root != NULL) {
    char marker[4096];
    snprintf(marker, sizeof marker, "%s/loaded", shadow);
    int fd = open(marker, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd >= 0) close(fd);
  }
}

/* The path behind fd when it lies under the root (the root itself included); 0 otherwise. */
static int tracked(int fd, char *path, size_t size) {
  if (root == NULL) return 0;
  char link[64];
  snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
  ssize_t n = readlink(link, path, size - 1);
  if (n <= 0) return 0;
  path[n] = '\0';
  if ((size_t)n < root_len || strncmp(path, root, root_len) != 0) return 0;
  return path[root_len] == '\0' || path[root_len] == '/';
}

static int write_all(int fd, const char *buf, size_t len) {
  while (len > 0) {
    ssize_t w = write(fd, buf, len);
    if (w < 0) {
      if (errno == EINTR) continue;
      return -1;
    }
    buf += w;
    len -= (size_t)w;
  }
  return 0;
}

/* Writes tmp, then renames it over dst: the record changes in one step. */
static void publish(const char *tmp, const char *dst, int ok) {
  if (ok) rename(tmp, dst);
  else unlink(tmp);
}

static void snapshot_file(int fd, const struct stat *st) {
  char dst[4096], tmp[4200], link[64];
  snprintf(dst, sizeof dst, "%s/f/%llu_%llu", shadow, (unsigned long long)st->st_dev, (unsigned long long)st->st_ino);
  snprintf(tmp, sizeof tmp, "%s.tmp%ld", dst, (long)syscall(SYS_gettid));
  /* A second open of the same file: fd may be write-only. */
  snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
  int in = open(link, O_RDONLY | O_CLOEXEC);
  if (in < 0) return;
  int out = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (out < 0) {
    close(in);
    return;
  }
  char buf[65536];
  int ok = 1;
  for (;;) {
    ssize_t r = read(in, buf, sizeof buf);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) ok = 0;
    if (r <= 0) break;
    if (write_all(out, buf, (size_t)r) < 0) {
      ok = 0;
      break;
    }
  }
  close(in);
  close(out);
  publish(tmp, dst, ok);
}

static void snapshot_dir(int fd, const struct stat *st) {
  char dst[4096], tmp[4200], link[64];
  snprintf(dst, sizeof dst, "%s/d/%llu_%llu", shadow, (unsigned long long)st->st_dev, (unsigned long long)st->st_ino);
  snprintf(tmp, sizeof tmp, "%s.tmp%ld", dst, (long)syscall(SYS_gettid));
  snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
  int dfd = open(link, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd < 0) return;
  DIR *dir = fdopendir(dfd);
  if (dir == NULL) {
    close(dfd);
    return;
  }
  int out = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (out < 0) {
    closedir(dir);
    return;
  }
  int ok = 1;
  struct dirent *e;
  while ((e = readdir(dir)) != NULL) {
    if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
    struct stat es;
    if (fstatat(dirfd(dir), e->d_name, &es, AT_SYMLINK_NOFOLLOW) != 0) continue; /* gone meanwhile */
    char type = S_ISDIR(es.st_mode) ? 'd' : S_ISREG(es.st_mode) ? 'f' : S_ISLNK(es.st_mode) ? 'l' : 'o';
    char line[4400];
    int len = snprintf(line, sizeof line, "%llu\t%c\t%s\n", (unsigned long long)es.st_ino, type, e->d_name);
    if (write_all(out, line, (size_t)len) < 0) ok = 0;
  }
  closedir(dir);
  close(out);
  publish(tmp, dst, ok);
}

static void remember(int fd) {
  char path[4096];
  if (!tracked(fd, path, sizeof path)) return;
  struct stat st;
  if (fstat(fd, &st) != 0) return;
  if (S_ISREG(st.st_mode)) snapshot_file(fd, &st);
  else if (S_ISDIR(st.st_mode)) snapshot_dir(fd, &st);
}

int fsync(int fd) {
  int saved = errno;
  pthread_mutex_lock(&lock);
  remember(fd);
  pthread_mutex_unlock(&lock);
  errno = saved;
  return real_fsync(fd);
}

int fdatasync(int fd) {
  int saved = errno;
  pthread_mutex_lock(&lock);
  remember(fd);
  pthread_mutex_unlock(&lock);
  errno = saved;
  return real_fdatasync(fd);
}
