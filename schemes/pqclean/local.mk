# schemes/pqclean/: PQClean schemes ported to the ICCS helpers.
