# syntax=docker/dockerfile:1
# animatic — an HTTP service computing iOS transition timelines.
#
#   docker build -t animatic .
#   docker run --rm -p 8080:8080 animatic
#
# Two stages: the build stage compiles a release binary with the Swift runtime linked in
# statically, by the same script `make release` and the tests run (scripts/build-release.sh);
# the runtime stage is plain Ubuntu with only the C libraries that binary links (libssl for
# TLS, zlib for gzip; Cairo, pixman, libpng, giflib, libwebp, libvpx and OpenH264 for
# the raster formats, with the labels' font), CA certificates and time zones. See docs/DEPLOY.md.

# ---------------------------------------------------------------------------------------------
FROM swift:6.3-noble AS build
WORKDIR /src

# The C libraries the Swift targets link (libssl-dev, zlib1g-dev, and the raster formats'
# -dev packages), installed by the script `make` uses; its own layer, so source edits do not
# repeat it. ANIMATIC_NO_MP4=1 (a build argument) leaves OpenH264 and the MP4 format out
# (docs/DEPLOY.md, "MP4 and OpenH264").
COPY scripts/install-deps.sh scripts/
RUN scripts/install-deps.sh build && rm -rf /var/lib/apt/lists/*

ARG ANIMATIC_NO_MP4=0
COPY . .
# .build is a cache mount (dependencies and objects survive between builds); the script
# copies what the image ships out of it into /staging.
RUN --mount=type=cache,target=/src/.build \
    ANIMATIC_NO_MP4="${ANIMATIC_NO_MP4}" ANIMATIC_STATIC_STDLIB=1 ANIMATIC_STAGING_DIR=/staging \
    scripts/build-release.sh

# ---------------------------------------------------------------------------------------------
FROM ubuntu:noble

ARG VERSION=dev
ARG SOURCE_URL=""
ARG LICENSES=NOASSERTION
LABEL org.opencontainers.image.title="animatic" \
      org.opencontainers.image.description="HTTP service computing keyframe timelines of iOS view-controller transitions, exact to UIKit's animation math" \
      org.opencontainers.image.source="${SOURCE_URL}" \
      org.opencontainers.image.licenses="${LICENSES}" \
      org.opencontainers.image.version="${VERSION}"

# Uploaded images are read with libjpeg-turbo8 (noble's libjpeg) and liblcms2-2, and kept
# in SQLite (libsqlite3-0) under /data, a volume, or in PostgreSQL through libpq5
# (docs/DEPLOY.md, "The asset store").
# Runtime libraries only. Versions are not pinned (DL3008): Ubuntu's archive keeps only the
# newest build of each package in noble-updates/noble-security, so an exact pin breaks the
# build at the next security update; the base image tag is the pin, and a rebuild picks up
# fixes. The user is numeric (10001) so Kubernetes can check runAsNonRoot. The raster
# libraries are noble's names (packages.ubuntu.com): libcairo2 and libpixman-1-0 draw,
# fonts-dejavu-core is the labels' font, libpng16-16t64, libgif7, libwebp7 + libwebpmux3 +
# libwebpdemux2, libvpx9 and libopenh264-7 (universe) encode (WebM's container is our own
# code); an image built with ANIMATIC_NO_MP4=1 does not need the last.
# hadolint ignore=DL3008
RUN export DEBIAN_FRONTEND=noninteractive \
    && apt-get update \
    && apt-get install -y --no-install-recommends libssl3t64 zlib1g ca-certificates tzdata \
       libcairo2 libpixman-1-0 fonts-dejavu-core libpng16-16t64 libgif7 libwebp7 libwebpmux3 \
       libwebpdemux2 libvpx9 libopenh264-7 libjpeg-turbo8 liblcms2-2 libsqlite3-0 libpq5 \
    && rm -rf /var/lib/apt/lists/* \
    && groupadd --system --gid 10001 animatic \
    && useradd --system --uid 10001 --gid 10001 --no-create-home --home-dir /nonexistent \
       --shell /usr/sbin/nologin animatic \
    && mkdir /data && chown 10001:10001 /data

WORKDIR /app
# Owned by root and not writable by the service user: the container can run with a
# read-only root file system.
COPY --from=build /staging/ /app/
COPY public/ /app/public/

ENV ANIMATIC_HOST=0.0.0.0 \
    ANIMATIC_PORT=8080 \
    ANIMATIC_PUBLIC=/app/public \
    ANIMATIC_DATA_DIR=/data \
    SWIFT_BACKTRACE=enable=yes,sanitize=yes,threads=all,images=all,interactive=no,swift-backtrace=/app/swift-backtrace-static

USER 10001:10001
# The asset store's SQLite file: a volume, so assets outlive the container.
VOLUME ["/data"]
EXPOSE 8080
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
    CMD ["/app/animatic", "healthcheck"]

ENTRYPOINT ["/app/animatic"]
CMD ["serve"]
