"""Write crib_cli/table_data.py: the rank tables and score distributions, computed from the rules.

    python scripts/generate_tables.py
"""

from __future__ import annotations

from pathlib import Path

from crib_cli.tables import render_module

TARGET = Path(__file__).resolve().parent.parent / "crib_cli" / "table_data.py"

if __name__ == "__main__":
    TARGET.write_text(render_module(), encoding="utf-8")
    print(f"wrote {TARGET} ({TARGET.stat().st_size:,} bytes)")
