<?xml version="1.0" encoding="UTF-8"?>
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:template match="item" priority="5">
    <li><a href="{link}"><xsl:value-of select="title"/></a><xsl:call-template name="date"/></li>
  </xsl:template>
  <xsl:template match="item[1]">
    <a href="{link}"><xsl:value-of select="title"/></a>
  </xsl:template>
</xsl:stylesheet>
