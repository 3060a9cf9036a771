#!/usr/bin/env bash
# Regenerates the media loops `souk bench` publishes: a moving test pattern
# encoded as VP8 (IVF) and H.264 (Annex-B, baseline, SPS/PPS before every
# keyframe) at three simulcast sizes, and an Opus (Ogg) frequency sweep.
# Every loop lasts 5 s at 30 fps with a keyframe every 50 frames; every Ogg
# page holds one 20 ms Opus packet, and the sweep never repeats a frame
# within the loop, which keeps the forwarding delay measurement unambiguous
# (see ../doc.go).
#
# Run from this directory: ./generate.sh   (needs ffmpeg with libvpx,
# libx264 and libopus). The output is committed; rerun only to change it.
set -euo pipefail
cd "$(dirname "$0")"
dur=5
fps=30
gop=50
pattern="testsrc2=size=1280x720:rate=${fps}:duration=${dur}"
for layer in "720p 1280x720 500k" "360p 640x360 250k" "180p 320x180 100k"; do
	set -- $layer
	name=$1 size=$2 rate=$3
	ffmpeg -hide_banner -loglevel error -y -f lavfi -i "$pattern" -vf "scale=${size}" \
		-c:v libvpx -b:v "$rate" -minrate "$rate" -maxrate "$rate" -g "$gop" -keyint_min "$gop" \
		-deadline good -cpu-used 4 -qmax 56 -bufsize "$rate" -auto-alt-ref 0 -lag-in-frames 0 -error-resilient 1 \
		"vp8-${name}.ivf"
	ffmpeg -hide_banner -loglevel error -y -f lavfi -i "$pattern" -vf "scale=${size}" \
		-c:v libx264 -profile:v baseline -level 3.1 -tune zerolatency -preset veryfast -bf 0 \
		-g "$gop" -keyint_min "$gop" -sc_threshold 0 -b:v "$rate" -maxrate "$rate" -bufsize "$rate" \
		-threads 1 -x264-params repeat-headers=1:slices=1 -pix_fmt yuv420p -f h264 "h264-${name}.h264"
done
ffmpeg -hide_banner -loglevel error -y -f lavfi \
	-i "aevalsrc=0.4*sin(2*PI*(220*t+60*t*t)):s=48000:d=${dur}" \
	-c:a libopus -b:a 32k -frame_duration 20 -application audio -ac 1 -page_duration 20000 opus.ogg
ls -l
