"""Generic 18xx machinery: tiles, track graph, trains, route validity and value."""
