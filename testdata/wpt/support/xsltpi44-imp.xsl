<?xml version="1.0"?>
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:import href="xsltpi44-imp2.xsl"/>
  <xsl:variable name="who">imported</xsl:variable>
  <xsl:template match="item"><i><xsl:value-of select="."/><xsl:apply-imports/></i></xsl:template>
  <xsl:template match="item[2]" priority="9"><u><xsl:value-of select="."/></u></xsl:template>
</xsl:stylesheet>
