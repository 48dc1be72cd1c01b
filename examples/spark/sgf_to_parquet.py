"""SGF files to Parquet tables with Spark: one row a game, one row a move.

Spark reads a directory of SGF files as binary files; each executor parses
its share with the sgfkit Python package, which builds the Arrow batches in
Rust (``sgfkit.arrow_tables``), and Spark writes the ``games`` and ``moves``
tables (and ``diagnostics``) as Parquet, the same rows ``sgfkit export``
writes.

    spark-submit examples/spark/sgf_to_parquet.py INPUT_DIR... OUTPUT_DIR
    python examples/spark/sgf_to_parquet.py --master local[2] INPUT_DIR... OUTPUT_DIR

On a cluster, install the sgfkit wheel (``pip install ./python``, or the
wheel ``maturin build`` makes) on every executor, as any Python dependency
of a PySpark job. The job itself runs unchanged.
"""

import argparse

import pyarrow as pa
from pyspark.sql import SparkSession
from pyspark.sql.pandas.types import from_arrow_schema

import sgfkit

TABLES = ("games", "moves", "diagnostics")

# What opening a file costs, in bytes read (spark.sql.files.openCostInBytes):
# 64 KiB, about fifty SGF files' worth.
OPEN_COST = 64 << 10


def spark_schema(schema: pa.Schema) -> pa.Schema:
    """The Arrow schema as Spark can take it: Spark has no unsigned
    integers, so they widen to the next signed type (the values are the
    same)."""
    wider = {
        pa.uint8(): pa.int16(),
        pa.uint16(): pa.int32(),
        pa.uint32(): pa.int64(),
    }
    return pa.schema(
        [pa.field(f.name, wider.get(f.type, f.type), f.nullable) for f in schema]
    )


def parse_batches(table: str, target: pa.Schema, all_nodes: bool):
    """The function mapInArrow runs on each executor: binary-file batches
    in, batches of one sgfkit table out."""

    def run(batches):
        for batch in batches:
            contents = batch.column("content").to_pylist()
            paths = batch.column("path").to_pylist()
            # One thread: Spark runs a task per core already.
            out = sgfkit.arrow_tables(contents, paths, all_nodes=all_nodes, threads=1)[table]
            yield from out.cast(target).to_batches()

    return run


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("input", nargs="+", help="directories of SGF files (searched recursively), or files")
    ap.add_argument("output", help="directory for games/, moves/ and diagnostics/")
    ap.add_argument("--master", help="Spark master, e.g. local[2] (default: spark-submit's)")
    ap.add_argument("--all-nodes", action="store_true", help="a moves row for every node of every variation")
    ap.add_argument("--glob", default="*.[sS][gG][fF]", help="file names to read (default: *.sgf in any case)")
    ap.add_argument(
        "--open-cost",
        type=int,
        default=OPEN_COST,
        help="spark.sql.files.openCostInBytes unless the Spark configuration sets it "
        f"(default {OPEN_COST}: SGF files are small)",
    )
    args = ap.parse_args(argv)

    builder = SparkSession.builder.appName("sgfkit: SGF to Parquet")
    if args.master:
        builder = builder.master(args.master)
    spark = builder.getOrCreate()
    # Spark packs files into partitions counting each as if it held
    # openCostInBytes more bytes: its 4 MiB default, made for large files,
    # puts about 32 SGF files in a partition and spends most of the job
    # starting tasks (98 s against 19 s for the corpus's 23,202 files on
    # local[2]).
    if not spark.sparkContext.getConf().contains("spark.sql.files.openCostInBytes"):
        spark.conf.set("spark.sql.files.openCostInBytes", str(args.open_cost))
    files = (
        spark.read.format("binaryFile")
        .option("pathGlobFilter", args.glob)
        .option("recursiveFileLookup", "true")
        .load(args.input)
        .select("path", "content")
    )
    schemas = sgfkit.arrow_schemas()
    for table in TABLES:
        target = spark_schema(schemas[table])
        rows = files.mapInArrow(
            parse_batches(table, target, args.all_nodes), from_arrow_schema(target)
        )
        rows.write.mode("overwrite").parquet(f"{args.output}/{table}")
    spark.stop()


if __name__ == "__main__":
    main()
