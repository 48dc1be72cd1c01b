# The inputs the whole-process measurements share (sourced by
# scripts/memory.sh and scripts/cli-speed.sh): `build_inputs CORPUS DIR FOX`
# writes into DIR
# * dense.sgf: every .sgf of CORPUS/gnugo and CORPUS/fuego concatenated in
#   sorted order (3.26 MB, 2,336 game trees, six of them Latin-1 or GB18030);
# * mixed.sgf: a collection with non-UTF-8 trees: dense.sgf, then the first
#   FOX fox-pro files (sorted by path) that CORPUS/index.tsv marks as not valid
#   UTF-8 (GB18030 without CA), then every file of the corpus that declares a
#   Chinese, Japanese or Korean charset in CA (GB2312, GBK, GB18030, EUC-CN,
#   Big5, Shift_JIS, MS_KANJI, EUC-KR), all concatenated.
# Both need LC_ALL=C for the order of the files.
build_inputs() {
    local corpus=$1 dir=$2 fox=$3
    find "$corpus/gnugo" "$corpus/fuego" -name '*.sgf' -print0 | LC_ALL=C sort -z \
        | xargs -0 cat >"$dir/dense.sgf"
    {
        cat "$dir/dense.sgf"
        awk -F'\t' 'NR > 1 && $1 ~ /^fox-pro\// && $12 == 0 { print $1 }' "$corpus/index.tsv" \
            | LC_ALL=C sort >"$dir/fox.list"
        sed -n "1,${fox}p" "$dir/fox.list" | while read -r f; do cat "$corpus/$f"; done
        awk -F'\t' 'NR > 1 && toupper($9) ~ /^(GB2312|GBK|GB18030|EUC-CN|BIG5|SHIFT_JIS|MS_KANJI|EUC-KR)$/ { print $1 }' \
            "$corpus/index.tsv" | LC_ALL=C sort | while read -r f; do cat "$corpus/$f"; done
    } >"$dir/mixed.sgf"
}
