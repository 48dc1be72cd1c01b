"""A deliberately broken reader for testing `sgfkit conform`: sgfkit's own
meaning of the file, less the last move (B or W) of each game.
Usage: broken_drop_last_move.py SGFKIT FILE"""
import json, subprocess, sys

meaning = json.loads(subprocess.run([sys.argv[1], "meaning", sys.argv[2]],
                                    capture_output=True, check=True).stdout)
for game in meaning["games"]:
    for node in reversed(game["nodes"]):
        moves = [p for p in node if p[0] in ("B", "W")]
        if moves:
            node.remove(moves[-1])
            break
print(json.dumps(meaning, ensure_ascii=False))
