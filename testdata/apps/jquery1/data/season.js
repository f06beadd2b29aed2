onSeason({"month": "March", "produce": ["leeks", "rhubarb", "purple sprouting broccoli"]});
