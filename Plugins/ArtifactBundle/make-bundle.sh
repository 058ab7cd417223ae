#!/bin/sh
# Usage: make-bundle.sh DIBUILD OUTPUT
#
# Writes, from the dibuild executable DIBUILD (`make artifactbundle` passes a release build):
#   OUTPUT/dibuild.artifactbundle.zip   the SwiftPM artifact bundle, for `.binaryTarget(url:checksum:)`,
#                                       and its checksum in OUTPUT/dibuild.artifactbundle.checksum;
#   OUTPUT/dibuild-plugin/              a package with DIRuntime, the DIBuildPlugin and that bundle as a
#                                       `.binaryTarget(path:)`, ready for `.package(path:)`.
# The bundle holds one variant, for this machine's triple; dibuild needs libyaml and libxxhash there only
# if their static archives were missing when it was built (static-libraries.sh).
set -eu
dibuild=$1 output=$2
here=$(cd "$(dirname "$0")" && pwd)
repository=$(cd "$here/../.." && pwd)
version=$("$dibuild" version)
triple="$(uname -m)-unknown-linux-gnu"
package="$output/dibuild-plugin"
bundle="$package/dibuild.artifactbundle"
variant="dibuild-$version-$triple"

rm -rf "$package" "$output/dibuild.artifactbundle.zip"
mkdir -p "$bundle/$variant/bin" "$package/Sources" "$package/Plugins"
cp "$dibuild" "$bundle/$variant/bin/dibuild"
# Debug information is most of a release build's size; users get it from a source build.
if command -v strip >/dev/null 2>&1; then strip "$bundle/$variant/bin/dibuild"; fi
cat > "$bundle/info.json" <<JSON
{
  "schemaVersion": "1.0",
  "artifacts": {
    "dibuild": {
      "version": "$version",
      "type": "executable",
      "variants": [
        { "path": "$variant/bin/dibuild", "supportedTriples": ["$triple"] }
      ]
    }
  }
}
JSON
cp "$here/Package.swift.template" "$package/Package.swift"
cp -R "$repository/Sources/DIRuntime" "$package/Sources/"
cp -R "$repository/Plugins/DIBuildPlugin" "$package/Plugins/"
(cd "$package" && zip -qr "../dibuild.artifactbundle.zip" dibuild.artifactbundle)
(cd "$package" && swift package compute-checksum ../dibuild.artifactbundle.zip) > "$output/dibuild.artifactbundle.checksum"
